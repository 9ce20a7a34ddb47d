/**
 * One shape for field errors (shared/forms/field-of-code.ts, issue 44 point 4, ADR 0125): every
 * form's retCode → field map places a code it does not list at the one sentinel `form`, a code it
 * lists at its field, and a BFF validation refusal (400) at the field it names.
 */
import t from 'tap'
import { RET_CODES } from '../../../shared/api/ret-codes.ts'
import { signUpErrorsOf } from '../../../shared/api/sign-up-flow.ts'
import { type ApiEnvelope, envelope } from '../../../shared/envelope.ts'
import { FORM_FIELD } from '../../../shared/forms/field-of-code.ts'
import { resetError } from '../../../shared/forms/reset-errors.ts'
import { changePasswordErrorField } from '../../../shared/forms/sign-in/change-password-errors.ts'
import { fieldOfSignInError } from '../../../shared/forms/sign-in/error-field.ts'
import { demoErrorField } from '../../../shared/schemas/demoErrors.ts'

const text = (key: string) => key
/** Each form's map as a function of the answer: the field the error is shown at. */
const FORMS: Record<string, (answer: ApiEnvelope) => string> = {
  'sign-in': fieldOfSignInError,
  'change password': changePasswordErrorField,
  reset: (answer) => resetError(answer, text, 'other').field,
  'sign-up': (answer) => Object.keys(signUpErrorsOf(answer))[0] ?? '',
  demo: demoErrorField,
}
/** A code each form lists, and its field. */
const LISTED: Record<string, [string, string]> = {
  'sign-in': [RET_CODES.noSuchAccount, 'email'],
  'change password': [RET_CODES.samePassword, 'password'],
  reset: [RET_CODES.phoneInvalid, 'phone'],
  'sign-up': [RET_CODES.companyInvalid, 'company'],
  demo: [RET_CODES.jobTitleInvalid, 'jobTitle'],
}

for (const [form, fieldOf] of Object.entries(FORMS)) {
  t.test(
    `${form} › unlisted codes are the form's own (${FORM_FIELD}), listed ones at their field`,
    async (t) => {
      t.equal(fieldOf(envelope(RET_CODES.otherFailure, 'x')), FORM_FIELD)
      t.equal(fieldOf(envelope('502', 'x')), FORM_FIELD, 'an upstream failure')
      const [code, field] = LISTED[form]!
      t.equal(fieldOf(envelope(code, 'x')), field)
      t.equal(fieldOf(envelope('400', 'x', { field: 'password' })), 'password', 'the field a 400 names')
    },
  )
}
