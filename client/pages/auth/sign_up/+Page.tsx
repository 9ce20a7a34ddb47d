import { useEffect, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpEndpoints } from '../../../../shared/api/endpoints/signUp.ts'
import { signUpSteps } from '../../../../shared/api/flow-steps.ts'
import type { SignUpFlowView } from '../../../../shared/api/sign-up-flow.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { useApiClient } from '../../../api.ts'
import { useTranslation } from '../../../translation.tsx'
import { CredentialsStep, type CredentialsValues } from './CredentialsStep.tsx'
import { loadSignUpFlow, restartSignUp, stepBack } from './flow.ts'
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
  const [flow, setFlow] = useState<SignUpFlowView>({ step: 'credentials' })
  // A sign-up under way shows its step's place, not the first form, until its flow arrives.
  const [resuming, setResuming] = useState(signUpResume !== null && signUpResume !== undefined)
  const [credentials, setCredentials] = useState<CredentialsValues>({
    email: '',
    password: '',
    fullName: '',
    company: '',
    areaCode: edition === 'chinese' ? '86' : '65',
    phone: '',
    referralCode: '',
    privacy: false,
  })
  const [details, setDetails] = useState(EMPTY_DETAILS)
  const [answers, setAnswers] = useState<Answers>(NO_ANSWERS)
  const [finishError, setFinishError] = useState('')
  const [busy, setBusy] = useState(false)
  const heading = useRef<string>('')

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
    setResuming(false)
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
  if (resuming && signUpResume) {
    return (
      <section className="card sign-up" data-step={signUpResume.step} aria-busy="true">
        <Stepper step={signUpResume.step} mobile={signUpResume.mobile} />
        <p role="status">{t('resuming')}</p>
        <noscript>
          <p className="form-error">{t('needsScript')}</p>
        </noscript>
      </section>
    )
  }
  return (
    <section className="card sign-up" data-step={flow.step}>
      <Stepper step={flow.step} mobile={flow.mobile === true} />
      {flow.step === 'credentials' ? (
        <CredentialsStep values={credentials} onChange={setCredentials} onStarted={started} />
      ) : flow.step === 'sent' ? (
        <SentStep flow={flow} onFlow={show} onOtherEmail={() => void restartSignUp().then(show)} />
      ) : flow.step === 'limit' ? (
        <LimitStep flow={flow} onBack={() => void restartSignUp().then(show)} />
      ) : flow.step === 'setup' ? (
        <SetupStep
          email={email}
          saved={Boolean(flow.details)}
          values={details}
          onChange={setDetails}
          onDone={() => void loadSignUpFlow().then(show)}
        />
      ) : flow.step === 'questionnaire' ? (
        <QuestionnaireStep
          email={email}
          values={answers}
          onChange={setAnswers}
          onBack={() => void stepBack().then(show)}
          onFinish={finish}
        />
      ) : flow.step === 'finish' ? (
        <section aria-labelledby="sign-up-title">
          <h1 id="sign-up-title" tabIndex={-1}>
            {t('finish.title')}
          </h1>
          <p>{t('finish.body')}</p>
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => {
              setBusy(true)
              void finish().finally(() => setBusy(false))
            }}
          >
            {t('finish.submit')}
          </button>
        </section>
      ) : (
        <WelcomeStep />
      )}
      {finishError ? (
        <p className="field-error" role="alert">
          {finishError}
        </p>
      ) : null}
    </section>
  )
}
