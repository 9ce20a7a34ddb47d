import { PasswordInput } from '../../../components/form/PasswordInput.tsx'
import { useTranslation } from '../../../translation.tsx'

/** The form's fields: id (as ChangePasswordStep's), name, label key, autocomplete. */
const FIELDS = [
  ['change-current', 'oldPassword', 'currentPassword', 'current-password'],
  ['change-password', 'password', 'newPassword', 'new-password'],
  ['change-confirm', 'confirmPassword', 'confirmPassword', 'new-password'],
] as const

/**
 * The change-password form after the reminder's "Change now" posted as a plain form (a sign-in
 * without JavaScript, or before it ran; with scripts the page shows ChangePasswordStep in place).
 * It stays a plain form once the scripts ran (nothing typed is replaced): it posts
 * `step=changePassword` to the sign-in page (password-age-form.server.ts), which runs the same
 * step as ChangePasswordStep's fetch call. Errors at their fields; a password is never filled back.
 */
export function PlainChangePassword({
  email,
  csrfToken,
  errors,
}: {
  email: string
  csrfToken: string
  errors: Record<string, string>
}) {
  const { t } = useTranslation('signInSteps')
  return (
    <section className="card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('changeTitle')}</h1>
      <p>{t('changeFor', { email })}</p>
      <form method="post" noValidate aria-describedby={errors[''] ? 'change-password-error' : undefined}>
        <input type="hidden" name="step" value="changePassword" />
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="username" autoComplete="username" value={email} />
        {FIELDS.map(([id, name, label, autoComplete]) => (
          <div className="field" key={id}>
            <label htmlFor={id}>{t(label)}</label>
            <PasswordInput
              id={id}
              name={name}
              autoComplete={autoComplete}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${id}-error` : undefined}
            />
            {errors[name] ? (
              <p id={`${id}-error`} className="field-error" role="alert">
                {errors[name]}
              </p>
            ) : null}
          </div>
        ))}
        <p id="change-password-error" className="form-error" role="alert">
          {errors[''] ?? ''}
        </p>
        <button type="submit" className="button primary">
          {t('changeSave')}
        </button>
      </form>
      {/* "Not now, continue": on to where the sign-in was going. */}
      <form method="post" className="aside">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" name="step" value="later" className="link-button">
          {t('changeLater')}
        </button>
      </form>
    </section>
  )
}
