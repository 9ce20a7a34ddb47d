import type { ComponentProps, ReactNode } from 'react'
import { focusWhenShown } from './focus.ts'
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

/** A labelled input with its hint and its error tied to it for screen readers (every account form). */
export function Field({ id, label, error, hint, children, ...input }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        {...(input.autoFocus ? { ref: focusWhenShown } : {})}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
