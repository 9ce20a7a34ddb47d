import { Field } from './Field.tsx'

/**
 * Where an e-mailed link is pasted (sign-up's "check your inbox", the reset's "check your email"):
 * a link opened where no script runs, or without its id, still finishes the step (ADR 0090).
 * Never filled back in: the whole link is a single-use secret.
 */
export function PastedLinkField({
  id,
  label,
  hint,
  error,
  onChange,
}: {
  id: string
  label: string
  hint: string
  error: string | undefined
  onChange: () => void
}) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      name="link"
      type="url"
      autoComplete="off"
      defaultValue=""
      onChange={onChange}
      error={error}
    />
  )
}
