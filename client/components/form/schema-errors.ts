import type { z } from 'zod'
import type { Translate } from '../../../shared/i18n/translator.ts'
import { fieldMessages } from '../../../shared/schemas/messages.ts'
import type { FieldErrors } from './useFieldErrors.ts'

/**
 * What a schema's check found, in the page's language by field (a form's `validate`), or nothing
 * when the values pass.
 */
export function schemaErrors(
  checked: { success: true } | { success: false; error: z.ZodError },
  t: Translate,
  /** Where a schema's field shows its message when the form names it otherwise (`captchaPass` → `captcha`). */
  shownAt: Readonly<Record<string, string>> = {},
): FieldErrors | undefined {
  if (checked.success) return undefined
  return Object.fromEntries(
    Object.entries(fieldMessages(checked.error)).map(([field, message]) => [
      shownAt[field] ?? field,
      t(message.key, message.values),
    ]),
  )
}
