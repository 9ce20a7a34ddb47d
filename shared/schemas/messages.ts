import type { z } from 'zod'

/**
 * Every message a schema in `shared/schemas/` may produce. A message is an i18n key of the
 * `common` namespace (`validation.*`), never English text, so the page and the BFF each translate
 * it in the visitor's language. A test keeps this list and `common.validation` in step.
 */
export const VALIDATION_KEYS = [
  'required',
  'blank',
  'invalid',
  'email',
  'url',
  'tooLong',
  'tooShort',
  'numberTooSmall',
  'numberTooBig',
  'oneOf',
  'pattern',
  'passwordFormat',
  'passwordsDiffer',
  'samePassword',
  'code',
  'phone',
  'chinaMobile',
  'name',
  'fullName',
  'referralCode',
  'account',
  'privacy',
  'consent',
  'captcha',
] as const

export type ValidationName = (typeof VALIDATION_KEYS)[number]
export type ValidationKey = `validation.${ValidationName}`

/** `V.email` → `'validation.email'`. */
export const V = Object.fromEntries(VALIDATION_KEYS.map((name) => [name, `validation.${name}`])) as {
  readonly [N in ValidationName]: `validation.${N}`
}

const KNOWN = new Set<string>(Object.values(V))

export function isValidationKey(message: string): message is ValidationKey {
  return KNOWN.has(message)
}

export interface TranslatableMessage {
  key: ValidationKey
  /** Interpolation values: `min`/`max` for length and range messages. */
  values: Record<string, string | number>
}

/** The key and interpolation values of one issue; zod's own English texts become `validation.invalid`. */
export function issueMessage(issue: z.core.$ZodIssue): TranslatableMessage {
  const key = isValidationKey(issue.message) ? issue.message : V.invalid
  const values: Record<string, string | number> = {}
  if (issue.code === 'too_big') values.max = Number(issue.maximum)
  if (issue.code === 'too_small') values.min = Number(issue.minimum)
  return { key, values }
}

/** The first message per field (`a.b` for nested paths, `''` for the form as a whole). */
export function fieldMessages(error: z.ZodError): Record<string, TranslatableMessage> {
  const fields: Record<string, TranslatableMessage> = {}
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.')
    fields[field] ??= issueMessage(issue)
  }
  return fields
}
