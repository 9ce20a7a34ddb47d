import { type FormEvent, useState } from 'react'
import { fieldMessages } from '../../../../shared/schemas/messages.ts'
import { setNewPasswordSchema } from '../../../../shared/schemas/reset.ts'
import { Field } from '../../../components/form/Field.tsx'
import { PasswordRules } from '../../../components/form/PasswordRules.tsx'
import { useFieldErrors } from '../../../components/form/useFieldErrors.ts'
import { useTranslation } from '../../../translation.tsx'
import type { FieldError } from './outcome.ts'

interface NewPasswordStepProps {
  account: string
  /** Sends the new password; answers the error to show, or nothing when it was saved. */
  save: (password: string, confirmPassword: string) => Promise<FieldError | undefined>
}

/** The new password with its repetition, checked here first and then by the upstream. */
export function NewPasswordStep({ account, save }: NewPasswordStepProps) {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const { errors, setErrors, changed } = useFieldErrors()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const parsed = setNewPasswordSchema.safeParse({ password, confirmPassword })
    if (!parsed.success) {
      const found = fieldMessages(parsed.error)
      setErrors(Object.fromEntries(Object.entries(found).map(([field, m]) => [field, t(m.key, m.values)])))
      return
    }
    setBusy(true)
    setErrors({})
    try {
      const problem = await save(password, confirmPassword)
      if (problem) setErrors({ [problem.field]: problem.message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <h1 id="reset-title" tabIndex={-1}>
        {t('reset:newTitle')}
      </h1>
      <p data-testid="reset-account">{t('reset:newFor', { account })}</p>
      <form
        method="post"
        noValidate
        onSubmit={submit}
        aria-describedby={errors[''] ? 'reset-new-error' : undefined}
      >
        {/* Lets password managers store the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={account} />
        <Field
          id="reset-password"
          label={t('reset:newPassword')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            // "Does not match" is about both fields: either edit may have fixed it.
            changed('password', 'confirmPassword')
          }}
          error={errors.password}
          autoFocus
        />
        <PasswordRules id="reset-password-rules" value={password} namespace="reset" />
        <Field
          id="reset-confirm"
          label={t('reset:confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value)
            changed('confirmPassword')
          }}
          error={errors.confirmPassword}
        />
        <p id="reset-new-error" className="form-error" role="alert">
          {errors[''] ?? ''}
        </p>
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {busy ? t('reset:working') : t('reset:save')}
        </button>
      </form>
    </>
  )
}
