import { useEffect, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpEndpoints } from '../../../../shared/api/endpoints/signUp.ts'
import { signUpSteps } from '../../../../shared/api/flow-steps.ts'
import type { SignUpDetailsView, SignUpFlowView } from '../../../../shared/api/sign-up-flow.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { useApiClient } from '../../../api.ts'
import { FormError } from '../../../components/form/Field.tsx'
import { useTranslation } from '../../../translation.tsx'
import { CredentialsStep, type CredentialsValues } from './CredentialsStep.tsx'
import { loadSignUpFlow, restartSignUp, stepBack } from './flow.ts'
import { typedChoices, typedValue, usePlainForm, usePostedSignUp } from './plain-form.tsx'
import { type Answers, NO_ANSWERS, QuestionnaireStep } from './QuestionnaireStep.tsx'
import { LimitStep, SentStep } from './SentStep.tsx'
import { EMPTY_DETAILS, SetupStep } from './SetupStep.tsx'
import { Stepper } from './Stepper.tsx'
import { WelcomeStep } from './WelcomeStep.tsx'
import './sign-up.css'

/**
 * The free-trial sign-up (spec §4 "Registration"): credentials and captcha → verification e-mail
 * → account setup → optional questionnaire → welcome → console. Where it stands lives in the
 * sealed session (GET /auth/sign_up/flow), so a reload, going back or the e-mailed link resume it;
 * what was typed stays in this page's state across steps and errors.
 */
export default function SignUpPage() {
  const { t } = useTranslation('signUp')
  const { edition, signUpResume } = usePageContext()
  const api = useApiClient()
  // The step the server rendered from the session (a sign-up under way, a form it answered), so
  // the page shows that step at once and works without JavaScript (issue 21).
  const [flow, setFlow] = useState<SignUpFlowView>(signUpResume?.flow ?? { step: 'credentials' })
  const posted = usePostedSignUp()
  const typed = (name: string) => typedValue(posted, name)
  const [credentials, setCredentials] = useState<CredentialsValues>({
    email:
      typed('email') || (signUpResume?.flow.step === 'credentials' ? (signUpResume.flow.email ?? '') : ''),
    password: '', // never filled back in
    fullName: typed('fullName'),
    company: typed('company'),
    areaCode: typed('areaCode') || (edition === 'chinese' ? '86' : '65'),
    phone: typed('phone'),
    referralCode: typed('referralCode'),
    privacy: typed('privacy') !== '',
  })
  const [details, setDetails] = useState<SignUpDetailsView>(() => {
    const saved = { ...EMPTY_DETAILS, ...signUpResume?.flow.details }
    if (!posted || flow.step !== 'setup') return saved
    return Object.fromEntries(
      Object.keys(EMPTY_DETAILS).map((name) => [name, typed(name)]),
    ) as unknown as SignUpDetailsView
  })
  const [answers, setAnswers] = useState<Answers>(() =>
    posted && flow.step === 'questionnaire'
      ? {
          products: typedChoices(posted, 'products'),
          goals: typedChoices(posted, 'goals'),
          channels: typedChoices(posted, 'channels'),
          industry: typed('industry'),
          department: typed('department'),
          launch: typed('launch'),
          employees: typed('employees'),
          tools: typed('tools'),
        }
      : NO_ANSWERS,
  )
  const [finishError, setFinishError] = useState(
    flow.step === 'finish' || flow.step === 'welcome' ? (posted?.errors.form ?? '') : '',
  )
  const [busy, setBusy] = useState(false)
  const heading = useRef<string>('')
  const finishForm = usePlainForm('finish')

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    // The footer banner's work e-mail comes in the URL: read here, never rendered by the server
    // (the signed-out page is the same for every visitor).
    const serviceEmail = new URLSearchParams(window.location.search).get('serviceEmail') ?? ''
    if (serviceEmail) setCredentials((values) => (values.email ? values : { ...values, email: serviceEmail }))
    void loadSignUpFlow().then(show)
  }, [])

  // Focus follows the step, so keyboard and screen-reader users start at its heading.
  useEffect(() => {
    if (heading.current && heading.current !== flow.step) document.getElementById('sign-up-title')?.focus()
    heading.current = flow.step
  }, [flow.step])

  function show(next: SignUpFlowView) {
    setFlow(next)
    if (next.details) setDetails({ ...EMPTY_DETAILS, ...next.details })
    if (next.email && next.step === 'credentials')
      setCredentials((values) => ({ ...values, email: next.email ?? '' }))
  }

  async function started(email: string) {
    await api.call(signUpEndpoints.sendRegisterVerifyEmail, { data: { email }, throws: false })
    show(await loadSignUpFlow())
  }

  async function finish() {
    setFinishError('')
    const answer = await api.call(signUpSteps.finish, { throws: false })
    if (isSuccess(answer)) setFlow({ step: 'welcome', email: flow.email })
    else {
      setFinishError(answer.retMsg)
      show(await loadSignUpFlow())
    }
  }

  const email = flow.email ?? ''
  // Errors the server answered a plain post of this step with (none once the page moved on).
  const postedErrors = posted && flow.step === signUpResume?.flow.step ? posted.errors : undefined
  return (
    <section className="card sign-up" data-step={flow.step}>
      <Stepper step={flow.step} mobile={flow.mobile === true} />
      {flow.step === 'credentials' ? (
        <CredentialsStep
          values={credentials}
          onChange={setCredentials}
          onStarted={started}
          initialErrors={postedErrors}
          serverChallenge={posted?.captcha}
        />
      ) : flow.step === 'sent' ? (
        <SentStep
          flow={flow}
          onFlow={show}
          onOtherEmail={() => void restartSignUp().then(show)}
          resendAt={signUpResume?.resendAt}
          posted={
            postedErrors
              ? {
                  error: postedErrors.form ?? '',
                  linkError: postedErrors.link ?? '',
                  resent: Boolean(posted?.done),
                }
              : undefined
          }
        />
      ) : flow.step === 'limit' ? (
        <LimitStep flow={flow} onBack={() => void restartSignUp().then(show)} />
      ) : flow.step === 'setup' ? (
        <SetupStep
          email={email}
          saved={Boolean(flow.details)}
          values={details}
          onChange={setDetails}
          onDone={() => void loadSignUpFlow().then(show)}
          initialErrors={postedErrors}
        />
      ) : flow.step === 'questionnaire' ? (
        <QuestionnaireStep
          email={email}
          values={answers}
          onChange={setAnswers}
          onBack={() => void stepBack().then(show)}
          onFinish={finish}
          initialError={postedErrors ? (Object.values(postedErrors)[0] ?? '') : ''}
        />
      ) : flow.step === 'finish' ? (
        <form
          method={finishForm.method}
          action={finishForm.action}
          aria-labelledby="sign-up-title"
          onSubmit={(event) => {
            event.preventDefault()
            setBusy(true)
            void finish().finally(() => setBusy(false))
          }}
        >
          {finishForm.hidden}
          <h1 id="sign-up-title" tabIndex={-1}>
            {t('finish.title')}
          </h1>
          <p>{t('finish.body')}</p>
          <button type="submit" className="button primary" disabled={busy}>
            {t('finish.submit')}
          </button>
        </form>
      ) : (
        <WelcomeStep initialError={finishError} />
      )}
      <FormError error={finishError} />
    </section>
  )
}
