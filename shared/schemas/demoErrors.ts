import type { ApiEnvelope } from '../envelope.ts'

/** Upstream codes of addSgReservationInfo that belong to one field (spec §8). */
const FIELD_OF_CODE: Record<string, string> = {
  '700077': 'email',
  '700078': 'email',
  '700204': 'fullName',
  '700205': 'fullName',
  '700206': 'fullName',
  '700070': 'company',
  '700591': 'jobTitle',
  '700073': 'phone',
  '700112': 'captcha',
  '700169': 'captcha',
}

/** Where an unsuccessful answer is shown: at its field, or above the form (`form`). */
export function demoErrorField(answer: ApiEnvelope): string {
  const field = (answer.item as { field?: unknown }).field
  if (typeof field === 'string' && field) return field
  return FIELD_OF_CODE[answer.retCode] ?? 'form'
}
