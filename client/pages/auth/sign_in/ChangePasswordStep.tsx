import { type FormEvent, useState } from 'react'
import { changePasswordStep } from '../../../../shared/api/password-change.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { changePasswordErrorField } from '../../../../shared/forms/sign-in/change-password-errors.ts'
import { fieldMessages } from '../../../../shared/schemas/messages.ts'
import { changePasswordFormSchema } from '../../../../shared/schemas/reset.ts'
import { useApiClient } from '../../../api.ts'
import { Field } from '../../../components/form/Field.tsx'
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx'
import { useFieldErrors } from '../../../components/form/useFieldErrors.ts'
import { useTranslation } from '../../../translation.tsx'

interface ChangePasswordStepProps {
  email: string
  /** After the change, or "not now": on to where the sign-in was going. */
  onDone: () => void
}

/**
 * The password age reminder's "Change now" (issue 18 point 5): the signed-in user changes a
 * password they know — current, new, repeated — on `account/resetNewPwd`, with spec §5's rules
 * checked here first (the live checklist, 700001, 700490) and then by the BFF and the upstream.
 */
export function ChangePasswordStep({ email, onDone }: ChangePasswordStepProps) {
  const { t } = useTranslation()
  const api = useApiClient()
  const [oldPassword, setOldPassword] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const { errors, setErrors, changed } = useFieldErrors()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const values = { oldPassword, password, confirmPassword }
    const parsed = changePasswordFormSchema.safeParse(values)
    if (!parsed.success) {
      const found = fieldMessages(parsed.error)
      setErrors(Object.fromEntries(Object.entries(found).map(([field, m]) => [field, t(m.key, m.values)])))
      return
    }
    setBusy(true)
    setErrors({})
    try {
      // The same step as the plain post (server/routes/sign-in-password-change.server.ts).
      const answer = await api.call(changePasswordStep, { data: values, throws: false })
      if (isSuccess(answer)) return onDone()
      setErrors({ [changePasswordErrorField(answer)]: answer.retMsg })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('signInSteps:changeTitle')}</h1>
      <p>{t('signInSteps:changeFor', { email })}</p>
      <form
        method="post"
        noValidate
        onSubmit={submit}
        aria-describedby={errors[''] ? 'change-password-error' : undefined}
      >
        {/* Lets password managers store the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <Field
          id="change-current"
          label={t('signInSteps:currentPassword')}
          type="password"
          name="oldPassword"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(event) => {
            setOldPassword(event.target.value)
            changed('oldPassword', 'password')
          }}
          error={errors.oldPassword}
          autoFocus
        />
        <NewPasswordFields
          idPrefix="change"
          labels={{
            password: t('signInSteps:newPassword'),
            confirmPassword: t('signInSteps:confirmPassword'),
          }}
          rulesNamespace="signUp"
          password={password}
          confirmPassword={confirmPassword}
          onPassword={(value) => {
            setPassword(value)
            // "Does not match" is about both fields: either edit may have fixed it.
            changed('password', 'confirmPassword')
          }}
          onConfirmPassword={(value) => {
            setConfirmPassword(value)
            changed('confirmPassword')
          }}
          errors={errors}
        />
        <p id="change-password-error" className="form-error" role="alert">
          {errors[''] ?? ''}
        </p>
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {busy ? t('signInSteps:changeWorking') : t('signInSteps:changeSave')}
        </button>
      </form>
      <p className="aside">
        <button type="button" className="link-button" onClick={onDone}>
          {t('signInSteps:changeLater')}
        </button>
      </p>
    </section>
  )
}
