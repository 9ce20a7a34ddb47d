import type { ComponentProps, ReactNode } from 'react'

interface FieldProps extends ComponentProps<'input'> {
  id: string
  label: string
  error?: string
  hint?: string
  children?: ReactNode
}

/** A labelled input with its hint and its error tied to it for screen readers. */
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

/** Country calling codes offered first; anything else can be typed. */
export const COUNTRY_CODES = [
  '86',
  '852',
  '65',
  '1',
  '60',
  '62',
  '63',
  '66',
  '84',
  '44',
  '61',
  '81',
  '82',
  '91',
] as const
