import { useState } from 'react'
import { Field } from './Field.tsx'
import { PasswordRules } from './PasswordRules.tsx'

/** The new password and its repetition as the form holds them (useNewPassword). */
export interface NewPasswordState {
  password: string
  confirmPassword: string
  onPassword: (value: string) => void
  onConfirmPassword: (value: string) => void
}

/** The two fields' state, for a step to read on submit and spread into NewPasswordFields. */
export function useNewPassword(): NewPasswordState {
  const [password, onPassword] = useState('')
  const [confirmPassword, onConfirmPassword] = useState('')
  return { password, confirmPassword, onPassword, onConfirmPassword }
}

interface NewPasswordFieldsProps extends NewPasswordState {
  /** `<prefix>-password`, `<prefix>-password-rules`, `<prefix>-confirm`: the ids tests and labels use. */
  idPrefix: string
  labels: { password: string; confirmPassword: string }
  /** Where the rule checklist's texts come from (PasswordRules). */
  rulesNamespace: 'reset' | 'signUp'
  /** The form's `changed` (useFieldErrors): an edit clears the errors it may have fixed. */
  changed: (...fields: string[]) => void
  errors: { password?: string | undefined; confirmPassword?: string | undefined }
  /** The new password is the form's first field (no current password before it). */
  autoFocus?: boolean
}

/**
 * A new password, the spec §5 rule checklist that follows it, and its repetition: the fields of a
 * reset's last step and of sign-in's forced password change. Posted as `password` and
 * `confirmPassword`; the server never fills them back in (issue 21).
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  rulesNamespace,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
  changed,
  errors,
  autoFocus = false,
}: NewPasswordFieldsProps) {
  const rulesId = `${idPrefix}-password-rules`
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        aria-describedby={rulesId}
        value={password}
        onChange={(event) => {
          onPassword(event.target.value)
          // "Does not match" is about both fields: either edit may have fixed it.
          changed('password', 'confirmPassword')
        }}
        error={errors.password}
        autoFocus={autoFocus}
      />
      <PasswordRules id={rulesId} value={password} namespace={rulesNamespace} />
      <Field
        id={`${idPrefix}-confirm`}
        label={labels.confirmPassword}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => {
          onConfirmPassword(event.target.value)
          changed('confirmPassword')
        }}
        error={errors.confirmPassword}
      />
    </>
  )
}
