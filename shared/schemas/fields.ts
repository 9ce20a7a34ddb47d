import { z } from 'zod'
import {
  CODE_LENGTH,
  EMAIL_MAX,
  PASSWORD_MAX,
  QUERY_PARSE_OPTIONS,
  TEXT_MAX,
  URL_MAX,
} from '../api/limits.ts'
import { V } from './messages.ts'
import { CHINA_AREA_CODE, isValidPassword } from './rules.ts'

export {
  CHINA_AREA_CODE,
  isValidPassword,
  PASSWORD_SYMBOLS,
  type PasswordRules,
  passwordRules,
} from './rules.ts'

// In the browser zod must not probe for eval (`new Function`): the CSP forbids it (no
// 'unsafe-eval', security.md #13), so the probe is a reported violation on every form page. The
// JIT-less parser is plenty fast for a form.
if (typeof window !== 'undefined') z.config({ jitless: true })

/**
 * Reusable fields of the account forms (spec §5). Every message is a `validation.*` key. Text is
 * trimmed except passwords. Fields used over form-encoded transport are strings only, so the same
 * schema checks the page's values and what the BFF parses from the body.
 */

/** Missing → required; present with another type (array, object, number) → invalid. */
const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? V.required : V.invalid

/** `z.object` whose own failure (input not an object at all) is a key too, not zod's English. */
export function object<const Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: V.invalid })
}

/**
 * A required, trimmed string of at most `max` characters: blank counts as missing. No check uses
 * `abort`: an aborting issue would stop the cross-field rules (`whenClean`) of the whole form.
 * Consumers show the first issue per field, so `required` comes before the format message.
 */
export function requiredText(max: number = TEXT_MAX) {
  return z.string({ error: typeError }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong })
}

export const email = requiredText(EMAIL_MAX).check(z.email({ error: V.email }))

export const url = requiredText(URL_MAX).check(z.url({ protocol: /^https?$/, error: V.url }))

/** A new password (sign-up, reset, change): the full format rule. Not trimmed. */
export const newPassword = z
  .string({ error: typeError })
  .min(1, { error: V.required })
  .refine(isValidPassword, { error: V.passwordFormat })

/**
 * The password typed at sign-in (or as the old password): only required and at most 20. Accounts
 * older than the format rule may have passwords that break it, and they must still get in.
 */
export const currentPassword = z
  .string({ error: typeError })
  .min(1, { error: V.required })
  .max(PASSWORD_MAX, { error: V.tooLong })

const WORD = '[\\p{L}\\p{M}\\p{N}]+'
const SPACES = '[ \\u3000]+'
/** Letters (any script, with combining marks) and digits, words separated by spaces. */
export const NAME_PATTERN = new RegExp(`^${WORD}(?:${SPACES}${WORD})*$`, 'u')
/** At least two such words: first and last name separated by a space. */
export const FULL_NAME_PATTERN = new RegExp(`^${WORD}(?:${SPACES}${WORD})+$`, 'u')

/** First name, last name, company, job title: required, ≤ 100, letters and numbers. */
export const name = requiredText(TEXT_MAX).regex(NAME_PATTERN, { error: V.name })
export const fullName = requiredText(TEXT_MAX).regex(FULL_NAME_PATTERN, { error: V.fullName })

/** Digits only, 5 to 15 of them (the E.164 maximum), without the country code. */
export const PHONE_PATTERN = /^\d{5,15}$/
/** A mainland China mobile number: 11 digits, starting with 1. */
export const CHINA_MOBILE_PATTERN = /^1\d{10}$/

export const phone = requiredText(20).regex(PHONE_PATTERN, { error: V.phone })
export const chinaMobile = requiredText(20).regex(CHINA_MOBILE_PATTERN, { error: V.chinaMobile })
/** Country calling code without `+`, e.g. `86`, `1`, `65`. */
export const areaCode = requiredText(5)
  .transform((value) => value.replace(/^\+/, ''))
  .pipe(z.string({ error: V.phone }).regex(/^\d{1,4}$/, { error: V.phone }))

/** Phone with its area code: China (86) needs an 11-digit mobile number. */
export function chinaMobileWhenChina(data: { areaCode?: unknown; phone?: unknown }): boolean {
  return (
    data.areaCode !== CHINA_AREA_CODE ||
    (typeof data.phone === 'string' && CHINA_MOBILE_PATTERN.test(data.phone))
  )
}

export const captcha = requiredText(TEXT_MAX)

export const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`)
/** The e-mailed or texted verification code: exactly six digits. */
export const verificationCode = requiredText(CODE_LENGTH + 10).regex(CODE_PATTERN, { error: V.code })

/** Optional; when given, letters or numbers only, at most 100. An empty value means none. */
export const referralCode = z
  .string({ error: typeError })
  .trim()
  .max(TEXT_MAX, { error: V.tooLong })
  .regex(/^[\p{L}\p{N}]*$/u, { error: V.referralCode })
  .optional()

/** Sign-in / reset account: an e-mail address or a phone number. */
export const account = requiredText(EMAIL_MAX).refine(
  (value) => z.regexes.email.test(value) || PHONE_PATTERN.test(value),
  { error: V.account },
)

/** Optional free text (notes): at most 100 characters like every text field (spec §9). */
export const optionalText = z
  .string({ error: typeError })
  .trim()
  .max(TEXT_MAX, { error: V.tooLong })
  .optional()

/** A ticked checkbox: `true` from code, `'true'`/`'on'` from a form. */
export function accepted(message: typeof V.privacy | typeof V.consent) {
  return z.union([z.literal(true), z.literal('true'), z.literal('on')], { error: message })
}

/** One value of a fixed list. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? V.required : V.oneOf) })
}

/** An optional multiple choice: at most `QUERY_PARSE_OPTIONS.arrayLimit` distinct values of a fixed list. */
export function someOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .array(z.enum(values, { error: V.oneOf }), { error: V.invalid })
    .max(QUERY_PARSE_OPTIONS.arrayLimit, { error: V.tooLong })
    .refine((list) => new Set(list).size === list.length, { error: V.invalid })
    .optional()
}

type PayloadWithIssues = { issues: readonly { path?: readonly PropertyKey[] }[] }

/**
 * Run a cross-field check as soon as the fields it reads are clean, whatever the other fields;
 * never when the input itself is not an object (an issue without a path).
 */
export function whenClean(...fields: string[]) {
  return (payload: PayloadWithIssues) =>
    !payload.issues.some((issue) => {
      const field = issue.path?.[0]
      return field === undefined || fields.includes(String(field))
    })
}

type ObjectSchema = z.ZodObject<z.ZodRawShape>

/** `confirm` must repeat `field` (spec §5 "confirm must match"); the issue lands on `confirm`. */
export function withConfirmation<S extends ObjectSchema>(
  schema: S,
  field = 'password',
  confirm = 'confirmPassword',
) {
  return schema.refine((data: Record<string, unknown>) => data[field] === data[confirm], {
    path: [confirm],
    error: V.passwordsDiffer,
    when: whenClean(field, confirm),
  })
}

/** `field` must differ from `previous` (spec §5 "new must differ from old"); the issue lands on `field`. */
export function withNewDifferent<S extends ObjectSchema>(
  schema: S,
  field = 'password',
  previous = 'oldPassword',
) {
  return schema.refine((data: Record<string, unknown>) => data[field] !== data[previous], {
    path: [field],
    error: V.samePassword,
    when: whenClean(field, previous),
  })
}

const LOOSE_KEYS = 50
const looseScalar = z.union([z.string().max(URL_MAX), z.number(), z.boolean()], { error: V.invalid })

/**
 * For endpoints whose payload the spec does not show: flat string keys (≤ 100 characters, no
 * brackets) to scalars or short lists of scalars, at most 50 keys. Bounded, not checked further.
 */
export const loose = z
  .record(
    z
      .string()
      .max(TEXT_MAX, { error: V.invalid })
      .regex(/^[^[\]]+$/, { error: V.invalid }),
    z.union([looseScalar, z.array(looseScalar).max(QUERY_PARSE_OPTIONS.arrayLimit, { error: V.invalid })], {
      error: V.invalid,
    }),
    { error: V.invalid },
  )
  .refine((record) => Object.keys(record).length <= LOOSE_KEYS, { error: V.invalid })

/** The single-use token of a solved captcha (initSgGeetestInfo → checkSgGeetestInfo). */
export const captchaPass = z
  .string({ error: V.captcha })
  .trim()
  .min(1, { error: V.captcha })
  .max(200, { error: V.captcha })
