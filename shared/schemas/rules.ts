import { PASSWORD_MAX, PASSWORD_MIN } from '../api/limits.ts'

/*
 * The field rules a page needs before anyone submits (the password checklist, the phone's area
 * code), without zod: a page loads its schemas only when a form is about to be checked (issue 8,
 * point 5), so these live apart from `fields.ts`, which builds its schemas from them.
 */

/** The symbols a password may contain (spec §5), and nothing else. */
export const PASSWORD_SYMBOLS = '~!@#$%^&*()-_+<>?.,:;'
const PASSWORD_CHARACTERS = /^[A-Za-z0-9~!@#$%^&*()\-_+<>?.,:;]*$/

export interface PasswordRules {
  length: boolean
  /** At least three of upper case, lower case, digit, symbol. */
  classes: boolean
  /** Only letters, digits and `PASSWORD_SYMBOLS`. */
  characters: boolean
}

/** Each rule on its own, for a checklist next to the field. */
export function passwordRules(value: string): PasswordRules {
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[~!@#$%^&*()\-_+<>?.,:;]/].filter((re) =>
    re.test(value),
  ).length
  return {
    length: value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX,
    classes: classes >= 3,
    characters: PASSWORD_CHARACTERS.test(value),
  }
}

export function isValidPassword(value: string): boolean {
  const rules = passwordRules(value)
  return rules.length && rules.classes && rules.characters
}

/** The area code whose numbers must be Chinese mobile numbers (spec §5). */
export const CHINA_AREA_CODE = '86'
