/** Which field an upstream refusal of `account/resetNewPwd` is about (spec §8). */
const FIELD_OF_CODE: Record<string, string> = {
  '700211': 'oldPassword', // the current password is wrong
  '700009': 'oldPassword',
  '700076': 'oldPassword',
  '700054': 'password', // the password rule
  '700490': 'password', // the same as the current one
  '700001': 'confirmPassword', // the repetition differs
}

export const CHANGE_PASSWORD_FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const

/**
 * The field of the change-password form a refusal is shown at: the one the BFF's validation named
 * (400), else the one its code is about; '' (the form's own) otherwise. The page's scripts and
 * the plain post (server/routes/sign-in-form.server.ts) both place errors with it.
 */
export function changePasswordErrorField(answer: { retCode: string; item?: unknown }): string {
  const named = (answer.item as { field?: unknown } | undefined)?.field
  if (typeof named === 'string' && (CHANGE_PASSWORD_FIELDS as readonly string[]).includes(named)) return named
  return FIELD_OF_CODE[answer.retCode] ?? ''
}
