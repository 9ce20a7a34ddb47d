import type { RetCodeValue } from '../api/ret-codes.ts'

/** The form's own errors, shown above or under the form rather than at a field: the one sentinel. */
export const FORM_FIELD = 'form'
export type FormField = typeof FORM_FIELD

/** Which field of a form each upstream code is about (spec §8); a code not listed is the form's own. */
export type FieldOfCode<Field extends string> = Readonly<Partial<Record<RetCodeValue, Field>>>

/**
 * Where a refused answer is shown (ADR 0125: one map shape, one sentinel): at the field the BFF's
 * validation named (a 400's `item.field`; only one of `fields` when the form lists them), else at
 * the field of its code, else the form's own (`FORM_FIELD`).
 */
export function fieldOfAnswer<Field extends string>(
  answer: { retCode: string; item?: unknown },
  fieldOfCode: FieldOfCode<Field>,
  fields?: readonly Field[],
): Field | FormField {
  const named = (answer.item as { field?: unknown } | undefined)?.field
  if (typeof named === 'string' && named && (!fields || (fields as readonly string[]).includes(named)))
    return named as Field
  return fieldOfCode[answer.retCode as RetCodeValue] ?? FORM_FIELD
}
