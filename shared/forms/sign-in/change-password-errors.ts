import { RET_CODES } from '../../api/ret-codes.ts'
import { type FieldOfCode, type FormField, fieldOfAnswer } from '../field-of-code.ts'

/** Which field an upstream refusal of `account/resetNewPwd` is about (spec §8). */
const FIELD_OF_CODE: FieldOfCode<ChangePasswordField> = {
  [RET_CODES.wrongAccountOrPassword]: 'oldPassword', // the current password is wrong
  [RET_CODES.passwordEmpty]: 'oldPassword',
  [RET_CODES.passwordMissing]: 'oldPassword',
  [RET_CODES.passwordFormat]: 'password', // the password rule
  [RET_CODES.samePassword]: 'password', // the same as the current one
  [RET_CODES.confirmationDiffers]: 'confirmPassword', // the repetition differs
}

export const CHANGE_PASSWORD_FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const
type ChangePasswordField = (typeof CHANGE_PASSWORD_FIELDS)[number]

/**
 * The field of the change-password form a refusal is shown at: the one the BFF's validation named
 * (400), else the one its code is about; `form` (the form's own) otherwise. The page's scripts and
 * the plain post (server/routes/password-age-form.server.ts) both place errors with it.
 */
export function changePasswordErrorField(answer: {
  retCode: string
  item?: unknown
}): ChangePasswordField | FormField {
  return fieldOfAnswer(answer, FIELD_OF_CODE, CHANGE_PASSWORD_FIELDS)
}
