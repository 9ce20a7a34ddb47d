import { useEffect, useRef, useState } from 'react'
import { changePasswordStep } from '../../../../shared/api/password-change.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { changePasswordErrorField } from '../../../../shared/forms/sign-in/change-password-errors.ts'
import { useApiClient } from '../../../api.ts'
import { earlyText } from '../../../components/form/early-input.ts'
import { Field } from '../../../components/form/Field.tsx'
import { NewPasswordFields, useNewPassword } from '../../../components/form/NewPasswordFields.tsx'
import { schemaErrors } from '../../../components/form/schema-errors.ts'
import type { FieldErrors } from '../../../components/form/useFieldErrors.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useTranslation } from '../../../translation.tsx'

interface ChangePasswordStepProps {
  email: string
  /** The session's form token, posted with the plain form (empty when the page has none). */
  csrfToken: string
  /**
   * After the change, or "not now": on to where the sign-in was going. Without it the form stays a
   * plain form even once the scripts run (the answer to a sign-in posted without JavaScript: the
   * server knows where the sign-in goes, and nothing typed is replaced).
   */
  onDone?: () => void
  /** The errors a plain post answered, at their fields. */
  initialErrors?: FieldErrors
}

/**
 * The password age reminder's "Change now" (issue 18 point 5): the signed-in user changes a
 * password they know — current, new, repeated — on `account/resetNewPwd`, with spec §5's rules
 * checked here first (the live checklist, 700001, 700490) and then by the BFF and the upstream.
 * One form with and without JavaScript: it posts `step=changePassword` to the sign-in page
 * (password-age-form.server.ts), which runs the same step as the fetch call.
 */
export function ChangePasswordStep({ email, csrfToken, onDone, initialErrors }: ChangePasswordStepProps) {
  const { t } = useTranslation()
  const api = useApiClient()
  const [oldPassword, setOldPassword] = useState('')
  const newPassword = useNewPassword()
  const { password, confirmPassword, onPassword, onConfirmPassword } = newPassword
  const form = useFormSubmit(initialErrors)
  const { errors, changed } = form
  const fields = useRef<HTMLDivElement>(null)
  // Typed while the scripts were still loading: kept, not wiped by the first re-render.
  useEffect(() => {
    const typed = (name: string) =>
      earlyText(fields.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`))
    setOldPassword(typed('oldPassword'))
    onPassword(typed('password'))
    onConfirmPassword(typed('confirmPassword'))
  }, [onPassword, onConfirmPassword])

  const values = { oldPassword, password, confirmPassword }
  const submit = form.submitWith({
    // The schema loads when first needed: zod stays out of the sign-in's first load.
    validate: async () => {
      const { changePasswordFormSchema } = await import('../../../../shared/schemas/reset.ts')
      return schemaErrors(changePasswordFormSchema.safeParse(values), t)
    },
    send: async () => {
      const answer = await api.call(changePasswordStep, { data: values, throws: false })
      if (isSuccess(answer)) return onDone?.()
      return { [changePasswordErrorField(answer)]: answer.retMsg }
    },
  })

  return (
    <section className="card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('signInSteps:changeTitle')}</h1>
      <p>{t('signInSteps:changeFor', { email })}</p>
      <form
        ref={form.form}
        method="post"
        noValidate
        onSubmit={onDone ? submit : undefined}
        aria-describedby={errors.form ? 'change-password-error' : undefined}
      >
        <input type="hidden" name="step" value="changePassword" />
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        {/* Lets password managers store the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <div ref={fields}>
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
            {...newPassword}
            changed={changed}
            errors={errors}
          />
        </div>
        <p id="change-password-error" className="form-error" role="alert">
          {errors.form ?? ''}
        </p>
        <button type="submit" className="button primary" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? t('signInSteps:changeWorking') : t('signInSteps:changeSave')}
        </button>
      </form>
      {/* "Not now, continue": on to where the sign-in was going. */}
      <form method="post" className="aside">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <button
          type="submit"
          name="step"
          value="later"
          className="link-button"
          onClick={
            onDone
              ? (event) => {
                  event.preventDefault()
                  onDone()
                }
              : undefined
          }
        >
          {t('signInSteps:changeLater')}
        </button>
      </form>
    </section>
  )
}
