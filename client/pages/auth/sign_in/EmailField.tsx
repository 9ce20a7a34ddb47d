import { forwardRef, useEffect, useRef } from 'react'
import { earlyText } from '../../../components/form/early-input.ts'
import type { FieldErrors } from '../../../components/form/useFieldErrors.ts'
import { useTranslation } from '../../../translation.tsx'
import type { Step } from './state.ts'

/** The sign-in's errors as the form shows them: one message per field, the lockout's reset link. */
export interface StepErrors {
  errors: FieldErrors
  lockedOut: boolean
  languageQuery: string
  idOf: (field: string) => string
  describedBy: (field: string) => string | undefined
}

export function useStepErrors(errors: FieldErrors, lockedOut: boolean, languageQuery: string): StepErrors {
  const idOf = (field: string) => `sign-in-error-${field}`
  return {
    errors,
    lockedOut,
    languageQuery,
    idOf,
    describedBy: (field) => (errors[field] ? idOf(field) : undefined),
  }
}

/** A field's (or the form's) message; a lockout's carries the reset that opens the account now. */
export function StepErrorMessage({ errors, field }: { errors: StepErrors; field: string }) {
  const { t } = useTranslation()
  const message = errors.errors[field]
  if (!message) return null
  return (
    <>
      <p id={errors.idOf(field)} className="form-error" role="alert" data-testid={`error-${field}`}>
        {message}
      </p>
      {errors.lockedOut && (
        <p className="field-action">
          <a href={`/auth/reset${errors.languageQuery}`}>{t('signIn.lockedReset')}</a>
        </p>
      )}
    </>
  )
}

/** The address of a `#email=…` fragment (at most an e-mail's length), if the fragment is one. */
function emailOfFragment(hash: string): string | undefined {
  if (!hash.startsWith('#email=')) return undefined
  const value = new URLSearchParams(hash.slice(1)).get('email')?.trim() ?? ''
  return value.length <= 320 ? value : ''
}

/** The address: typed at the first step, shown read-only at the others. */
export function EmailField({
  email,
  onEmail,
  readOnly,
  errors,
}: {
  email: string
  onEmail: (email: string) => void
  readOnly: boolean
  errors: StepErrors
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  // Whatever was typed while the scripts were still loading is kept, not wiped by hydration.
  // Otherwise an address handed over in the fragment (`#email=…`: sign-up's "Sign in with this
  // email", issue 18 point 9) fills the field: read here, after hydration, so it never reaches
  // the server or the page cache, then taken out of the address bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = earlyText(input.current)
    const handedOver = emailOfFragment(window.location.hash)
    if (typed) onEmail(typed)
    else if (handedOver) onEmail(handedOver)
    if (handedOver !== undefined) {
      const { pathname, search } = window.location
      window.history.replaceState(window.history.state, '', `${pathname}${search}`)
    }
  }, [])
  return (
    <div className="field">
      <label htmlFor="sign-in-email">{t('signIn.email')}</label>
      <input
        ref={input}
        id="sign-in-email"
        name="email"
        type="email"
        autoComplete="username"
        required
        maxLength={320}
        readOnly={readOnly}
        value={email}
        onChange={(event) => onEmail(event.target.value)}
        aria-invalid={errors.errors.email ? true : undefined}
        aria-describedby={errors.describedBy('email')}
      />
      <StepErrorMessage errors={errors} field="email" />
    </div>
  )
}

/** The step's submit button: "Continue" until the step that signs in, which says so. */
export const StepButton = forwardRef<
  HTMLButtonElement,
  { busy: boolean; step: Step; emailCodeRequired: boolean }
>(function StepButton({ busy, step, emailCodeRequired }, ref) {
  const { t } = useTranslation()
  const signsIn = step === 'code' || (step === 'password' && !emailCodeRequired)
  return (
    <button ref={ref} type="submit" className="button primary" disabled={busy} aria-busy={busy}>
      {busy ? t('signIn.working') : signsIn ? t('signIn.submit') : t('signIn.continue')}
    </button>
  )
})
