import { z } from 'zod'
import {
  areaCode,
  chinaMobileWhenChina,
  currentPassword,
  email,
  newPassword,
  object,
  phone,
  verificationCode,
  whenClean,
  withConfirmation,
  withNewDifferent,
} from './fields.ts'
import { V } from './messages.ts'

/**
 * Password reset and change (spec §4 "Password reset", §5): request by e-mail or phone code,
 * check the code, set the new password. Each `…FormSchema` adds the repeated password the page
 * asks for; the matching `…Schema` is what is sent and what the BFF checks.
 */

/** `account/sendResetEmail`: a link to the account's e-mail address. */
export const resetByEmailSchema = object({ email })

/** `sendSmsRandomCode`: a text with a code to the account's phone (China: an 11-digit mobile). */
export const resetBySmsSchema = object({ areaCode, phone }).refine(chinaMobileWhenChina, {
  path: ['phone'],
  error: V.chinaMobile,
  when: whenClean('areaCode', 'phone'),
})

/**
 * `account/checkFindPwd`: the six-digit code that was texted. The BFF adds the phone number the
 * code went to from the sealed session (server/routes/api/reset-flow.server.ts).
 */
export const checkResetCodeSchema = object({ code: verificationCode })

/** A new password and its repetition (spec §5 "confirm must match"); the upstream checks both too. */
const newPasswordWithConfirmation = withConfirmation(
  object({ password: newPassword, confirmPassword: z.string({ error: V.required }) }),
)

/** `setServiceNewPwd`: the new password after a checked code; the BFF adds account and code. */
export const setNewPasswordSchema = newPasswordWithConfirmation

/** `account/resetServiceNewPwd/{id}`: the new password from an e-mailed link (the id is in the path). */
export const linkNewPasswordSchema = newPasswordWithConfirmation

/** `account/resetNewPwd`: change a known password (the password-age reminder); the new must differ. */
// Confirmation inside, so that both cross-field messages can show at once.
export const changePasswordSchema = withNewDifferent(
  withConfirmation(
    object({
      oldPassword: currentPassword,
      password: newPassword,
      confirmPassword: z.string({ error: V.required }),
    }),
  ),
)

/**
 * The forms ask for exactly what is sent (the upstream checks the repetition too, 700001), so a
 * form schema is the endpoint's schema; these names stay for the pages that use them.
 */
export const setNewPasswordFormSchema = setNewPasswordSchema
export const linkNewPasswordFormSchema = linkNewPasswordSchema
export const changePasswordFormSchema = changePasswordSchema
