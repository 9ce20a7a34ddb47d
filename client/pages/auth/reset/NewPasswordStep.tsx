import type { FieldError } from '../../../../shared/forms/reset-errors.ts'
import type { ResetFormStep } from '../../../../shared/forms/reset-form.ts'
import { setNewPasswordSchema } from '../../../../shared/schemas/reset.ts'
import { NewPasswordFields, useNewPassword } from '../../../components/form/NewPasswordFields.tsx'
import { schemaErrors } from '../../../components/form/schema-errors.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useTranslation } from '../../../translation.tsx'
import { ResetForm, usePosted } from './posted.tsx'

interface NewPasswordStepProps {
  account: string
  /** The server's step for this form without JavaScript: after a texted code, or an e-mailed link. */
  step: Extract<ResetFormStep, 'password' | 'linkPassword'>
  /** Sends the new password; answers the error to show, or nothing when it was saved. */
  save: (password: string, confirmPassword: string) => Promise<FieldError | undefined>
}

/** The new password with its repetition, checked here first and then by the upstream. */
export function NewPasswordStep({ account, step, save }: NewPasswordStepProps) {
  const { t } = useTranslation()
  // The server's errors for a password posted without JavaScript; never the password itself.
  const posted = usePosted()
  const newPassword = useNewPassword()
  const { password, confirmPassword } = newPassword
  const form = useFormSubmit(posted.errors)
  const { errors, changed, busy } = form

  const submit = form.submitWith({
    validate: () => schemaErrors(setNewPasswordSchema.safeParse({ password, confirmPassword }), t),
    send: async () => {
      const problem = await save(password, confirmPassword)
      return problem ? { [problem.field]: problem.message } : undefined
    },
  })

  return (
    <>
      <h1 id="reset-title" tabIndex={-1}>
        {t('reset:newTitle')}
      </h1>
      <p data-testid="reset-account">{t('reset:newFor', { account })}</p>
      <ResetForm
        ref={form.form}
        step={step}
        onSubmit={submit}
        aria-describedby={errors.form ? 'reset-new-error' : undefined}
      >
        {/* Lets password managers store the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={account} />
        <NewPasswordFields
          idPrefix="reset"
          labels={{ password: t('reset:newPassword'), confirmPassword: t('reset:confirmPassword') }}
          rulesNamespace="reset"
          {...newPassword}
          changed={changed}
          errors={errors}
          autoFocus
        />
        <p id="reset-new-error" className="form-error" role="alert">
          {errors.form ?? ''}
        </p>
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {busy ? t('reset:working') : t('reset:save')}
        </button>
      </ResetForm>
    </>
  )
}
