/** Where a sign-in error is shown: next to the field it is about, or under the form. */
export type SignInField = 'email' | 'password' | 'form'

/** Spec §8 codes about the account (the e-mail field). */
const EMAIL_CODES = new Set(['700004', '700014', '700023', '700077', '700078', '700201'])
/** Codes about the password: empty, wrong, locked (with its minutes), or password sign-in disabled. */
const PASSWORD_CODES = new Set(['700009', '700076', '700123', '700211', '700625'])

/** The field of an answer: by its code, or by the field the BFF's validation named (400). */
export function fieldOfSignInError(answer: { retCode: string; item?: unknown }): SignInField {
  if (EMAIL_CODES.has(answer.retCode)) return 'email'
  if (PASSWORD_CODES.has(answer.retCode)) return 'password'
  const named = (answer.item as { field?: unknown } | undefined)?.field
  if (named === 'email' || named === 'password') return named
  // 700112/700169 (captcha) and everything else: under the form, beside the captcha and button.
  return 'form'
}
