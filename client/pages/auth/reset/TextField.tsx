import type { ComponentProps } from 'react'

interface TextFieldProps extends ComponentProps<'input'> {
  id: string
  label: string
  /** Shown under the field and announced with it; empty when there is nothing wrong. */
  error?: string
}

/** A labelled input whose error sits next to it and is tied to it for screen readers. */
export function TextField({ id, label, error, ...input }: TextFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
