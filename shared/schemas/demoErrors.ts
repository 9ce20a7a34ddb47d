import { RET_CODES } from '../api/ret-codes.ts'
import type { ApiEnvelope } from '../envelope.ts'
import { type FieldOfCode, fieldOfAnswer } from '../forms/field-of-code.ts'

/** Upstream codes of addSgReservationInfo that belong to one field (spec §8). */
const FIELD_OF_CODE: FieldOfCode<string> = {
  [RET_CODES.emailEmpty]: 'email',
  [RET_CODES.emailInvalid]: 'email',
  [RET_CODES.firstNameEmpty]: 'fullName',
  [RET_CODES.firstNameInvalid]: 'fullName',
  [RET_CODES.lastNameEmpty]: 'fullName',
  [RET_CODES.companyInvalid]: 'company',
  [RET_CODES.jobTitleInvalid]: 'jobTitle',
  [RET_CODES.phoneInvalid]: 'phone',
  [RET_CODES.captchaEmpty]: 'captcha',
  [RET_CODES.captchaIncorrect]: 'captcha',
}

/** Where an unsuccessful answer is shown: at its field, or above the form (`form`). */
export function demoErrorField(answer: ApiEnvelope): string {
  return fieldOfAnswer(answer, FIELD_OF_CODE)
}
