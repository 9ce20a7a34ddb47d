import { RET_CODES } from '../../api/ret-codes.ts'
import { type FieldOfCode, fieldOfAnswer } from '../field-of-code.ts'
/** Where a sign-in error is shown: next to the field it is about, or under the form. */
export type SignInField = 'email' | 'password' | 'form'

/** Spec §8 codes about the account (the e-mail field) and the password (empty, wrong, locked with
 * its minutes, or password sign-in disabled); the captcha's and everything else: under the form,
 * beside the captcha and the button. */
const FIELD_OF_CODE: FieldOfCode<SignInField> = {
  [RET_CODES.accountEmpty]: 'email',
  [RET_CODES.noSuchAccount]: 'email',
  [RET_CODES.accountUnavailable]: 'email',
  [RET_CODES.emailEmpty]: 'email',
  [RET_CODES.emailInvalid]: 'email',
  [RET_CODES.accountFormat]: 'email',
  [RET_CODES.passwordEmpty]: 'password',
  [RET_CODES.passwordMissing]: 'password',
  [RET_CODES.locked]: 'password',
  [RET_CODES.wrongAccountOrPassword]: 'password',
  [RET_CODES.passwordSignInDisabled]: 'password',
}

/** The field of an answer: the one the BFF's validation named (400), else by its code. */
export function fieldOfSignInError(answer: { retCode: string; item?: unknown }): SignInField {
  return fieldOfAnswer(answer, FIELD_OF_CODE, ['email', 'password'])
}
