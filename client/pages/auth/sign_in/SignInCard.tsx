import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpLanguageQuery } from '../../../../shared/language.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { pageUrlOf } from '../../../components/frame/useFrame.ts'
import { reload } from '../../../runtime/router.ts'
import { useTranslation } from '../../../translation.tsx'
import { CodeStep } from './CodeStep.tsx'
import { EmailField, StepButton, StepErrorMessage, useStepErrors } from './EmailField.tsx'
import { EnterpriseSignIn, useSsoOutcome } from './EnterpriseSignIn.tsx'
import { EnvironmentChoices } from './EnvironmentChoices.tsx'
import { PasswordStep } from './PasswordStep.tsx'
import { initialSignInState, postedErrors, signInReducer } from './state.ts'
import { type SignedInOutcome, useSignInSteps } from './useSignInSteps.ts'

// Screens few sign-ins reach load when needed: the page's first load stays within its budget (ADR 0021).
const NotActivated = lazy(() =>
  import('./NotActivated.tsx').then((module) => ({ default: module.NotActivated })),
)
const ChangePasswordStep = lazy(() =>
  import('./ChangePasswordStep.tsx').then((module) => ({ default: module.ChangePasswordStep })),
)
const PasswordAgeDialog = lazy(() =>
  import('./PasswordAgeDialog.tsx').then((module) => ({ default: module.PasswordAgeDialog })),
)

/** Where the sign-in goes once the password age reminder is answered. */
type Reminder = { target: string | undefined }

/** Leaves for the console or the return path; without either, shows the signed-in card. */
async function continueTo(target: string | undefined) {
  if (target) window.location.assign(target)
  else await reload()
}

/**
 * The sign-in's steps in one form (e-mail, environment, password, e-mailed code). Without
 * JavaScript (or before it arrives) the form posts the step to the server, which answers with the
 * page (server/routes/sign-in-form.server.ts); with it, the same steps run as fetch calls.
 */
export function SignInCard({ hidden }: { hidden: boolean }) {
  const pageContext = usePageContext()
  const { language, signInFlow, formState, csrfToken } = pageContext
  const { languageQuery } = pageUrlOf(pageContext)
  const { t } = useTranslation()
  // A sign-in under way in this session (rendered per request from the session), and what a
  // plain form post answered (issue 21): the page starts where the server says the flow stands.
  const posted = formState?.form === 'signIn' ? formState : null
  const [state, dispatch] = useReducer(signInReducer, null, () =>
    initialSignInState(signInFlow ?? null, posted),
  )
  const form = useFormSubmit(postedErrors(posted, state.step))
  const [reminder, setReminder] = useState<Reminder | null>(null)
  // "Change now": the signed-in user changes the password here, then goes on to the target.
  const [changing, setChanging] = useState<Reminder | null>(null)
  const submitButton = useRef<HTMLButtonElement>(null)
  const submitButtonElement = useCallback(() => submitButton.current, [])
  const steps = useSignInSteps({
    state,
    dispatch,
    form,
    t,
    onSignedIn: ({ target, passwordChangeDue }: SignedInOutcome) => {
      if (passwordChangeDue) setReminder({ target })
      else void continueTo(target)
    },
    onRestricted: () => window.location.assign(`/auth/restrict${languageQuery}`),
  })
  const errors = useStepErrors(form.errors, state.lockedOut, languageQuery)
  const ssoOutcome = useSsoOutcome()
  const { setErrors } = form
  useEffect(() => {
    if (ssoOutcome) setErrors({ form: ssoOutcome })
  }, [ssoOutcome, setErrors])

  if (changing) {
    return (
      <Suspense fallback={null}>
        <ChangePasswordStep
          email={state.email.trim()}
          csrfToken={csrfToken}
          onDone={() => void continueTo(changing.target)}
        />
      </Suspense>
    )
  }
  if (state.notActivated) {
    return (
      <Suspense fallback={null}>
        <NotActivated email={state.email.trim()} onBack={steps.backToEmail} csrfToken={csrfToken} />
      </Suspense>
    )
  }
  const { step } = state
  return (
    <section className="card" aria-labelledby="sign-in-title" hidden={hidden}>
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <form
        ref={form.form}
        method="post"
        noValidate
        onSubmit={steps.submit}
        aria-describedby={errors.describedBy('form')}
      >
        <input type="hidden" name="step" value={step} />
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <EmailField
          email={state.email}
          onEmail={(email) => dispatch({ type: 'typedEmail', email })}
          readOnly={step !== 'email'}
          errors={errors}
        />
        {step === 'environment' && (
          <EnvironmentChoices
            name="environment"
            hint={t('signIn.chooseEnvironment')}
            environments={state.environments}
            chosen={state.environment}
            onChoose={(environment) => dispatch({ type: 'choseEnvironment', environment })}
          />
        )}
        {step === 'password' && (
          <PasswordStep
            password={steps.password}
            onPassword={steps.setPassword}
            error={form.errors.password}
            errorId={errors.idOf('password')}
            errorMessage={<StepErrorMessage errors={errors} field="password" />}
            captchaNeeded={state.captchaNeeded}
            onCaptchaPass={steps.setCaptchaPass}
            captchaRound={steps.captchaRound}
            posted={posted}
          />
        )}
        {step === 'code' && (
          <CodeStep
            email={state.email.trim()}
            code={steps.code}
            onCode={(code) => {
              steps.setCode(code)
              form.changed('code')
            }}
            error={form.errors.code ?? ''}
            onResend={steps.resendCode}
            resendAt={state.resendAt}
            language={language}
          />
        )}
        <StepErrorMessage errors={errors} field="form" />
        {/* Before the page is interactive a click posts the form: the server runs the step. */}
        <StepButton
          ref={submitButton}
          busy={form.busy}
          step={step}
          emailCodeRequired={state.emailCodeRequired}
        />
      </form>
      {/* Outside the step's form: Enter in a field, and the form's one submit button, stay the
          step's own; without JavaScript it posts the back form below. */}
      {(step === 'password' || step === 'code') && (
        <ChangeEmail onClick={steps.backToEmail} label={t('signIn.changeEmail')} />
      )}
      {reminder && (
        <Suspense fallback={null}>
          <PasswordAgeDialog
            onChangeNow={() => {
              setChanging(reminder)
              setReminder(null)
            }}
            returnFocusTo={submitButtonElement}
            onLater={() => {
              setReminder(null)
              void continueTo(reminder.target)
            }}
          />
        </Suspense>
      )}
      {/* The forms the "change email" and "send a new code" buttons post without JavaScript. */}
      {step !== 'email' && <StepForm id="sign-in-back" step="back" csrfToken={csrfToken} />}
      {step === 'code' && <StepForm id="sign-in-resend" step="resend" csrfToken={csrfToken} />}
      {/* Only beside the e-mail: once the password or the code is asked, the other ways are noise. */}
      {step === 'email' && <EnterpriseSignIn languageQuery={language} />}
      <p className="aside">
        <a href={`/auth/reset${languageQuery}`} data-testid="forgot-password">
          {t('signIn.forgotPassword')}
        </a>
      </p>
      <p className="aside">
        {t('signIn.noAccount')}{' '}
        <a href={`/auth/sign_up?language=${signUpLanguageQuery(language)}`}>{t('signIn.freeTrial')}</a>
      </p>
    </section>
  )
}

/** A hidden form a button elsewhere posts without JavaScript (`form="…"`). */
function StepForm({ id, step, csrfToken }: { id: string; step: string; csrfToken: string }) {
  return (
    <form id={id} method="post" hidden>
      <input type="hidden" name="step" value={step} />
      <input type="hidden" name="_csrf" value={csrfToken} />
    </form>
  )
}

/** "Change email": posts the back form without JavaScript; with it, goes back on the page. */
function ChangeEmail({ onClick, label }: { onClick: () => void; label: string }) {
  // A submit button of the back form until the page is interactive; a plain button after (set in
  // an effect, as PasswordInput does: an earlier re-render would wipe what was typed meanwhile).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <button
      type={hydrated ? 'button' : 'submit'}
      form={hydrated ? undefined : 'sign-in-back'}
      className="link-button"
      onClick={(event) => {
        event.preventDefault()
        onClick()
      }}
    >
      {label}
    </button>
  )
}
