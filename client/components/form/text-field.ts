import type { FieldErrors } from './useFieldErrors.ts'

/**
 * The props of a text field bound to one value of a form's state: id, name, label, value, error and
 * the edit, wired the same way for every field (spread them on `<Field>`; the caller may override
 * `maxLength`, `type`, … after the spread).
 */
export function textFieldsOf<Name extends string>({
  values,
  errors,
  set,
  id,
  label,
}: {
  values: Partial<Record<Name, string>>
  errors: FieldErrors
  set: (patch: Partial<Record<Name, string>>) => void
  id: (field: Name) => string
  label: (field: Name) => string
}) {
  return (field: Name, autoComplete: string) => ({
    id: id(field),
    name: field,
    label: label(field),
    maxLength: 100,
    autoComplete,
    value: values[field] ?? '',
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      set({ [field]: event.target.value } as Partial<Record<Name, string>>),
  })
}
