import type { ComponentProps, ReactNode } from 'react'
import { PasswordInput } from './PasswordInput.tsx'
import './form.css'

interface FieldProps extends Omit<ComponentProps<'input'>, 'autoComplete'> {
  id: string
  /**
   * What the field holds, for browsers and password managers (`email`, `new-password`,
   * `one-time-code`, `tel-national`, …; `off` when no token fits). Required: every field says it.
   */
  autoComplete: string
  label: string
  /** Shown under the field and announced with it; empty when there is nothing wrong. */
  error?: string | undefined
  hint?: string | undefined
  children?: ReactNode
}

/**
 * A field's error as every account form shows it: under the field, announced when it appears
 * (`role="alert"`), and named by the field's `aria-describedby` (`${fieldId}-error`).
 */
export function FieldError({ fieldId, error }: { fieldId: string; error: string | undefined }) {
  return error ? (
    <p id={`${fieldId}-error`} className="field-error" role="alert">
      {error}
    </p>
  ) : null
}

/** An error of the whole form (not of one field), announced when it appears. */
export function FormError({ error }: { error: string | undefined }) {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null
}

/** The `aria-describedby` of a field: what the form passes, then its hint and its error. */
export function describedByOf(
  id: string,
  { own, hint, error }: { own?: string | undefined; hint?: string | undefined; error?: string | undefined },
): string | undefined {
  const ids = [own ?? '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

/** A labelled input with its hint and its error tied to it for screen readers (every account form). */
export function Field({ id, label, error, hint, children, ...input }: FieldProps) {
  const { 'aria-describedby': own, ...rest } = input
  const inputProps = {
    id,
    'aria-invalid': error ? true : undefined,
    ...rest,
    // Merged, not replaced: a form's own description (the password rules) keeps the error too.
    'aria-describedby': describedByOf(id, { own, hint, error }),
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {/* A password field gets its "Show password" button wherever it is (issue 18 point 14). */}
      {rest.type === 'password' ? <PasswordInput {...inputProps} /> : <input {...inputProps} />}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError fieldId={id} error={error} />
    </div>
  )
}
