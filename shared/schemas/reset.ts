import { z } from 'zod'
import {
  account,
  currentPassword,
  email,
  newPassword,
  object,
  phone,
  verificationCode,
  withConfirmation,
  withNewDifferent,
} from './fields.ts'
import { V } from './messages.ts'

/**
 * Password reset and change (spec §4 "Password reset", §5): request by e-mail or phone code,
 * check the code, set the new password. Each `…FormSchema` adds the repeated password the page
 * asks for; the matching `…Schema` is what is sent and what the BFF checks.
 */

/** `account/sendResetEmail`. */
export const resetByEmailSchema = object({ email })

/** `sendSmsRandomCode`: a text with a code to the account's phone. */
export const resetBySmsSchema = object({ phone })

/** `account/checkFindPwd`: the account (e-mail or phone) and the six-digit code it received. */
export const checkResetCodeSchema = object({ account, code: verificationCode })

/** `setServiceNewPwd`: the new password after a checked code. */
export const setNewPasswordSchema = object({ account, code: verificationCode, password: newPassword })
export const setNewPasswordFormSchema = withConfirmation(
  setNewPasswordSchema.extend({ confirmPassword: z.string({ error: V.required }) }),
)

/** `account/resetServiceNewPwd/{id}`: the new password from an e-mailed link (the id is in the path). */
export const linkNewPasswordSchema = object({ password: newPassword })
export const linkNewPasswordFormSchema = withConfirmation(
  linkNewPasswordSchema.extend({ confirmPassword: z.string({ error: V.required }) }),
)

/** `account/resetNewPwd`: change a known password (the password-age reminder); the new must differ. */
export const changePasswordSchema = withNewDifferent(
  object({ oldPassword: currentPassword, password: newPassword }),
)
// Confirmation inside, so that both cross-field messages can show at once.
export const changePasswordFormSchema = withNewDifferent(
  withConfirmation(
    object({
      oldPassword: currentPassword,
      password: newPassword,
      confirmPassword: z.string({ error: V.required }),
    }),
  ),
)
