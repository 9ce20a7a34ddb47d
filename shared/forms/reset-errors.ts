import type { ApiEnvelope } from '../envelope.ts'

/** A failed reset call as the page shows it: next to a field, or for the form as a whole. */
export interface FieldError {
  field: string
  message: string
}

/** Which field each upstream code of the reset belongs to (spec §8); others are the form's. */
const FIELD_OF_CODE: Record<string, string> = {
  '700077': 'email',
  '700078': 'email',
  '700073': 'phone',
  '700054': 'password',
  '700490': 'password',
  '700009': 'password',
  '700001': 'confirmPassword',
  '700203': 'code',
  '700125': 'code',
}

/** Texts of the reset namespace that say more than the generic catalogue for these codes. */
const RESET_TEXT_OF_CODE: Record<string, string> = {
  '700203': 'reset:codeWrong',
  '700125': 'reset:codeExpired',
}

/**
 * The one place that turns a reset answer into what the page shows (conventions #7): a BFF
 * validation refusal names its field in `item.field`; upstream codes map to their field.
 */
export function resetError(
  answer: ApiEnvelope,
  t: (key: string) => string,
  step: 'code' | 'other',
): FieldError {
  const field = (answer.item as { field?: unknown }).field
  if (answer.retCode === '400' && typeof field === 'string') return { field, message: answer.retMsg }
  const codeKey = step === 'code' ? RESET_TEXT_OF_CODE[answer.retCode] : undefined
  return {
    field: FIELD_OF_CODE[answer.retCode] ?? '',
    message: codeKey ? t(codeKey) : answer.retMsg,
  }
}
