import { RET_CODES } from '../api/ret-codes.ts'
import type { ApiEnvelope } from '../envelope.ts'
import { type FieldOfCode, fieldOfAnswer } from './field-of-code.ts'

/** A failed reset call as the page shows it: next to a field, or for the form as a whole. */
export interface FieldError {
  field: string
  message: string
}

/** Which field each upstream code of the reset belongs to (spec §8); others are the form's. */
const FIELD_OF_CODE: FieldOfCode<string> = {
  [RET_CODES.emailEmpty]: 'email',
  [RET_CODES.emailInvalid]: 'email',
  [RET_CODES.phoneInvalid]: 'phone',
  [RET_CODES.passwordFormat]: 'password',
  [RET_CODES.samePassword]: 'password',
  [RET_CODES.passwordEmpty]: 'password',
  [RET_CODES.confirmationDiffers]: 'confirmPassword',
  [RET_CODES.invalidInput]: 'code',
  [RET_CODES.codeExpired]: 'code',
}

/** Texts of the reset namespace that say more than the generic catalogue for these codes. */
const RESET_TEXT_OF_CODE: Record<string, string> = {
  [RET_CODES.invalidInput]: 'reset:codeWrong',
  [RET_CODES.codeExpired]: 'reset:codeExpired',
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
  const codeKey = step === 'code' ? RESET_TEXT_OF_CODE[answer.retCode] : undefined
  return { field: fieldOfAnswer(answer, FIELD_OF_CODE), message: codeKey ? t(codeKey) : answer.retMsg }
}
