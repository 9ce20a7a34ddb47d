import { z } from 'zod'
import { currentPassword, email, loose, object, verificationCode } from './fields.ts'
import { V } from './messages.ts'

/**
 * Sign-in (spec §5, §7). The login account is the registration e-mail. The password is only
 * required and at most 20 characters: the format rule is for new passwords, and accounts older
 * than it must still be able to sign in.
 */

/** `loginEmailCheck`, `getServiceLoginWrongTimes`, `sendEmailRandomCode`: step one. */
export const emailOnlySchema = object({ email })

/** `serviceLoginNew`: step two. */
/** The solved captcha's single-use token, once the wrong-password count asks for one. */
const captchaPass = z.string({ error: V.invalid }).max(200, { error: V.tooLong }).optional()

export const signInSchema = object({ email, password: currentPassword, captchaPass })
export type SignInInput = z.input<typeof signInSchema>

/** `account/consoleLogin`: the sign-in of the multi-environment picker; may carry an e-mailed code. */
export const consoleLoginSchema = object({
  email,
  password: currentPassword,
  code: verificationCode.optional(),
  captchaPass,
  /** Spec §3 product codes: console 02, agent 09. */
  productCode: z.enum(['02', '09'], { error: V.invalid }).optional(),
  appType: z.enum(['console', 'serviceConsole', 'appConsole'], { error: V.invalid }).optional(),
})

/** Standard base64 of at most 80 UTF-8 bytes (20 characters of up to 4 bytes each). */
const BASE64_PASSWORD =
  /^(?:[A-Za-z0-9+/]{4}){0,26}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/

/**
 * What the browser posts for `account/sendVerifyCode`: the plain password, in a body. The BFF
 * encodes it and makes the upstream's GET, so a password never stands in a browser URL or history.
 */
export const sendVerifyCodeRequestSchema = object({ email, password: currentPassword })

/** `account/sendVerifyCode` upstream (GET): e-mail and the base64-encoded password (see `toBase64Utf8`). */
export const sendVerifyCodeSchema = object({
  email,
  password: z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .regex(BASE64_PASSWORD, { error: V.invalid }),
})

/** Microsoft return (`sso/aadLogin`, `sso/aadLoginOverseas`): the provider's query parameters. */
export const aadLoginSchema = object({
  code: z.string({ error: V.required }).min(1, { error: V.required }).max(4096, { error: V.tooLong }),
  state: z.string({ error: V.required }).min(1, { error: V.required }).max(2048, { error: V.tooLong }),
  session_state: z.string({ error: V.invalid }).max(2048, { error: V.tooLong }).optional(),
})

/** Endpoints of the sign-in flow whose payload the spec does not show. */
export const signInLooseSchema = loose
