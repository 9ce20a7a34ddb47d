import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { PASSWORD_MAX } from '../../../../shared/api/limits.ts'
import { type SignInFlowView, signInSteps } from '../../../../shared/api/sign-in-flow.ts'
import { type ApiEnvelope, isSuccess } from '../../../../shared/envelope.ts'
import {
  PRODUCT_NOT_ACTIVATED,
  productRequest,
  signedInTarget,
  WORKBENCH_RESTRICTED,
} from '../../../../shared/forms/sign-in/after-sign-in.ts'
import { fieldOfSignInError, type SignInField } from '../../../../shared/forms/sign-in/error-field.ts'
import { LOCKED, lockoutMessage, lockoutSeconds } from '../../../../shared/forms/sign-in/lockout.ts'
import { signUpLanguageQuery } from '../../../../shared/language.ts'
import { useApiClient } from '../../../api.ts'
import { pageUrlOf } from '../../../components/frame/useFrame.ts'
import { reload } from '../../../runtime/router.ts'
import { useTranslation } from '../../../translation.tsx'
import { EnterpriseSignIn, useSsoOutcome } from './EnterpriseSignIn.tsx'
import { EnvironmentChoices } from './EnvironmentChoices.tsx'
import { PasswordAgeNotice } from './PasswordAgeNotice.tsx'
import { PlainCaptcha } from './PlainCaptcha.tsx'
import { PlainChangePassword } from './PlainChangePassword.tsx'
import { PlainCodeStep } from './PlainCodeStep.tsx'
import { SignedIn } from './SignedIn.tsx'
import './sign-in.css'
import { earlyText } from '../../../components/form/early-input.ts'
import { PasswordInput } from '../../../components/form/PasswordInput.tsx'

// Screens few sign-ins reach load when needed: the page's first load stays within its budget (ADR 0021).
// Only an SSO sign-in of a multi-environment account needs it (`#sso=pick`): loaded then.
const SsoEnvironmentPicker = lazy(() =>
  import('./SsoEnvironmentPicker.tsx').then((module) => ({ default: module.SsoEnvironmentPicker })),
)
const CodeStep = lazy(() => import('./CodeStep.tsx').then((module) => ({ default: module.CodeStep })))
const NotActivated = lazy(() =>
  import('./NotActivated.tsx').then((module) => ({ default: module.NotActivated })),
)
// Asked for only after wrong passwords (client state, never in a server render).
const Captcha = lazy(() =>
  import('../../../components/captcha/Captcha.tsx').then((module) => ({ default: module.Captcha })),
)
const ChangePasswordStep = lazy(() =>
  import('./ChangePasswordStep.tsx').then((module) => ({ default: module.ChangePasswordStep })),
)
const PasswordAgeDialog = lazy(() =>
  import('./PasswordAgeDialog.tsx').then((module) => ({ default: module.PasswordAgeDialog })),
)

type Step = SignInFlowView['step']
/** Ours (server/routes/sign-in-flow.server.ts): the step is not where this session's sign-in stands. */
const NOT_IN_FLOW = '409'
const SIGN_IN_FIELDS: readonly string[] = ['email', 'password', 'form']

/** The flow as a step answered it (`item.flow`). */
const flowOf = (answer: ApiEnvelope): SignInFlowView | undefined =>
  (answer.item as { flow?: SignInFlowView } | undefined)?.flow

/** Seconds until a new code may be asked for, from the flow's time. */
const secondsUntil = (at: number | undefined) => (at ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : 60)

/** The address of a `#email=…` fragment (at most an e-mail's length), if the fragment is one. */
function emailOfFragment(hash: string): string | undefined {
  if (!hash.startsWith('#email=')) return undefined
  const value = new URLSearchParams(hash.slice(1)).get('email')?.trim() ?? ''
  return value.length <= 320 ? value : ''
}
/** Where the sign-in goes once the password age reminder is answered with "later". */
type Reminder = { target: string | undefined }

export default function SignInPage() {
  const pageContext = usePageContext()
  const { user, language, signInFlow, formState, csrfToken } = pageContext
  const { languageQuery } = pageUrlOf(pageContext)
  const { t } = useTranslation()
  const api = useApiClient()
  // A sign-in under way in this session (rendered per request from the session), and what a
  // plain form post answered (issue 21): the page starts where the server says the flow stands.
  const resumed = signInFlow ?? null
  const posted = formState?.form === 'signIn' ? formState : null
  // The code's and the captcha's errors are shown by their own steps.
  const postedError = Object.entries(posted?.errors ?? {}).find(
    ([field]) => field !== 'code' && field !== 'captcha',
  )
  const postedEmail = typeof posted?.values.email === 'string' ? posted.values.email : ''
  const [step, setStep] = useState<Step>(resumed?.step ?? 'email')
  const [email, setEmail] = useState(resumed?.email ?? postedEmail)
  const [password, setPassword] = useState('')
  const [error, setErrorText] = useState(postedError?.[1] ?? '')
  const [errorField, setErrorField] = useState<SignInField>(
    postedError && SIGN_IN_FIELDS.includes(postedError[0]) ? (postedError[0] as SignInField) : 'form',
  )
  // A locked account (700123) is offered the reset beside the message: it opens the account now.
  const [lockedOut, setLockedOut] = useState(posted?.notice === 'locked')
  const [environments, setEnvironments] = useState<string[]>(resumed?.environments ?? [])
  const [environment, setEnvironment] = useState(resumed?.environments?.[0] ?? '')
  const [busy, setBusy] = useState(false)
  // After a few wrong passwords the account asks for a captcha (getServiceLoginWrongTimes).
  const [captchaNeeded, setCaptchaNeeded] = useState(resumed?.captchaRequired ?? false)
  const [captchaPass, setCaptchaPass] = useState<string | null>(null)
  // Each solved captcha is single use: a new round gives a fresh challenge after every attempt.
  const [captchaRound, setCaptchaRound] = useState(0)
  // The account's company wants an e-mailed code after the password (loginEmailCheck says so).
  const [emailCodeRequired, setEmailCodeRequired] = useState(resumed?.emailCodeRequired ?? false)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState(posted?.errors.code ?? '')
  const [resendAt, setResendAt] = useState(resumed?.resendAt)
  const [notActivated, setNotActivated] = useState(posted?.notice === 'notActivated')
  const [reminder, setReminder] = useState<Reminder | null>(null)
  // "Change now": the signed-in user changes the password here, then goes on to the target.
  const [changing, setChanging] = useState<Reminder | null>(null)
  // Until hydrated the captcha is the server's plain question (PlainCaptcha), on the server and in
  // the browser alike: the lazy widget takes over after, with what was typed into it.
  const [hydrated, setHydrated] = useState(false)
  const [typedCaptcha, setTypedCaptcha] = useState('')
  const emailInput = useRef<HTMLInputElement>(null)
  const submitButton = useRef<HTMLButtonElement>(null)
  const submitButtonElement = useCallback(() => submitButton.current, [])
  // Whatever was typed while the scripts were still loading is kept, not wiped by hydration.
  // Otherwise an address handed over in the fragment (`#email=…`: sign-up's "Sign in with this
  // email", issue 18 point 9) fills the field: read here, after hydration, so it never reaches
  // the server or the page cache, then taken out of the address bar.
  useEffect(() => {
    const typed = emailInput.current?.value
    const handedOver = emailOfFragment(window.location.hash)
    // A page the server rendered at the password step (a plain post's answer) may have a
    // password typed into it already (early-input.ts).
    const typedPassword = earlyText(document.getElementById('sign-in-password') as HTMLInputElement | null)
    // And an answer to the server's captcha question (PlainCaptcha), handed to the widget.
    setTypedCaptcha(earlyText(document.getElementById('sign-in-captcha-answer') as HTMLInputElement | null))
    setHydrated(true)
    if (typedPassword) setPassword(typedPassword)
    if (typed) setEmail(typed)
    else if (handedOver) setEmail(handedOver)
    if (handedOver !== undefined) {
      const { pathname, search } = window.location
      window.history.replaceState(window.history.state, '', `${pathname}${search}`)
    }
  }, [])
  const errorId = useId()
  const ssoOutcome = useSsoOutcome()
  // While an SSO sign-in waits for its environment, the picker is the whole page.
  const [picking, setPicking] = useState(false)
  const [pickerWanted, setPickerWanted] = useState(false)
  useEffect(() => {
    const check = () => {
      if (window.location.hash === '#sso=pick') setPickerWanted(true)
    }
    check()
    window.addEventListener('hashchange', check)
    return () => window.removeEventListener('hashchange', check)
  }, [])
  useEffect(() => {
    if (ssoOutcome) {
      setErrorField('form')
      setErrorText(ssoOutcome)
    }
  }, [ssoOutcome])

  /** Shows an answer's message next to the field it is about (spec §8 codes; BFF 400s name the field). */
  function setError(message: string, answer?: { retCode: string; item?: unknown }) {
    const locked = answer?.retCode === LOCKED
    // The lock says how long it lasts (the upstream answers the wait), in the page's language.
    setErrorText(
      locked ? lockoutMessage(lockoutSeconds(answer.item), (key, values) => t(key, values ?? {})) : message,
    )
    setErrorField(answer ? fieldOfSignInError(answer) : 'form')
    setLockedOut(locked)
  }

  /** Where the server says the flow stands after a step (the step, picker, captcha, code times). */
  function applyFlow(flow: SignInFlowView | undefined) {
    if (!flow) return
    setEmailCodeRequired(flow.emailCodeRequired === true)
    if (flow.captchaRequired) setCaptchaNeeded(true)
    if (flow.environments) {
      setEnvironments(flow.environments)
      setEnvironment(flow.environments[0] ?? '')
    }
    setResendAt(flow.resendAt)
    if (flow.step !== 'email') setStep(flow.step)
  }

  /** A step this session's flow is not at (timed out, finished in another tab): start again. */
  function restart(answer: ApiEnvelope) {
    backToEmail()
    setError(answer.retMsg)
  }

  /** Leaves for the console or the return path; without either, shows the signed-in card. */
  async function continueTo(target: string | undefined) {
    if (target) window.location.assign(target)
    else await reload()
  }

  /**
   * The password step, or the code step (spec §3, §7): the server's flow signs in with
   * `account/consoleLogin` (the address and, at the code step, the password from the session),
   * or sends the e-mailed code first when the account's company wants one.
   */
  async function consoleSignIn(withCode?: string, typedPassword = password) {
    const product = productRequest(window.location.search)
    const answer =
      withCode === undefined
        ? await api.call(signInSteps.password, {
            // The address this page shows: another tab's sign-in of another address gets a 409.
            data: { email, password: typedPassword, ...(captchaPass ? { captchaPass } : {}), ...product },
            throws: false,
          })
        : await api.call(signInSteps.code, { data: { code: withCode, ...product }, throws: false })
    if (captchaNeeded) {
      setCaptchaPass(null)
      setCaptchaRound((round) => round + 1)
    }
    if (answer.retCode === NOT_IN_FLOW || answer.retCode === '409') return restart(answer)
    const flow = flowOf(answer)
    if (isSuccess(answer) && flow?.step === 'code') {
      // The password was right and a code is on its way: the server keeps the password for it.
      setPassword('')
      setCode('')
      setCodeError('')
      applyFlow(flow)
      return
    }
    if (isSuccess(answer)) {
      setPassword('')
      setCode('')
      const item = answer.item as { consoleUrl?: unknown; passwordChangeDue?: unknown }
      const target = signedInTarget(window.location.search, item.consoleUrl)
      if (item.passwordChangeDue === true) setReminder({ target })
      else await continueTo(target)
      return
    }
    if (answer.retCode === PRODUCT_NOT_ACTIVATED) return setNotActivated(true)
    if (answer.retCode === WORKBENCH_RESTRICTED) {
      window.location.assign(`/auth/restrict${languageQuery}`)
      return
    }
    if (withCode !== undefined && (answer.retCode === '700203' || answer.retCode === '700125')) {
      return setCodeError(
        t(answer.retCode === '700125' ? 'signInSteps:codeExpired' : 'signInSteps:codeWrong'),
      )
    }
    applyFlow(flow)
    setError(answer.retMsg, answer)
  }

  /** A new e-mailed code (`sendEmailRandomCode`), once the minute since the last one is over. */
  async function resendCode(): Promise<{ waitSeconds: number } | { error: string }> {
    const answer = await api.call(signInSteps.resend, { data: {}, throws: false })
    if (answer.retCode === NOT_IN_FLOW) {
      restart(answer)
      return { error: answer.retMsg }
    }
    if (!isSuccess(answer)) return { error: answer.retMsg }
    setCodeError('')
    return { waitSeconds: Number((answer.item as { resendAfterSeconds?: unknown }).resendAfterSeconds) || 60 }
  }

  function backToEmail() {
    // The server forgets the flow too (the password it kept at the code step goes with it).
    if (step !== 'email') void api.call(signInSteps.back, { data: {}, throws: false })
    setStep('email')
    setPassword('')
    setCode('')
    setCodeError('')
    setError('')
    setNotActivated(false)
  }

  // After a sign-in posted without JavaScript whose password is old (sign-in-form.server.ts): the
  // reminder, then the change-password form, as plain forms that go on with `step=later`.
  if (user && posted?.notice === 'passwordAge') return <PasswordAgeNotice csrfToken={csrfToken} />
  // The plain form stays once the scripts ran too: what was typed into it stays where it is.
  if (user && posted?.notice === 'changePassword')
    return <PlainChangePassword email={user.email} csrfToken={csrfToken} errors={posted.errors} />
  if (changing) {
    return (
      <Suspense fallback={null}>
        <ChangePasswordStep email={email.trim()} onDone={() => void continueTo(changing.target)} />
      </Suspense>
    )
  }
  if (user && !reminder) return <SignedIn email={user.email} />
  if (notActivated) {
    return (
      <Suspense fallback={null}>
        <NotActivated email={email.trim()} onBack={backToEmail} csrfToken={csrfToken} />
      </Suspense>
    )
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    // What the fields hold now, as a plain post would send it: typed while the page was still
    // hydrating, it may not have reached the page's state yet (nothing typed is lost).
    const fields = new FormData(event.currentTarget)
    const typedEmail = String(fields.get('email') ?? email)
    const typedPassword = String(fields.get('password') ?? password)
    if (typedEmail !== email) setEmail(typedEmail)
    // Never cut a password short (a manager's longer one would be sent as something else): say
    // the rule instead, before anything is sent.
    if (step === 'password' && typedPassword.length > PASSWORD_MAX) {
      return setError(t('validation.tooLong', { max: PASSWORD_MAX }), {
        retCode: '400',
        item: { field: 'password' },
      })
    }
    setBusy(true)
    setError('')
    try {
      if (step === 'email') {
        // The server checks the address, remembers where the account lives (with several places
        // the user picks one) and whether a captcha or an e-mailed code is asked for.
        const answer = await api.call(signInSteps.email, {
          data: { email: typedEmail.trim() },
          throws: false,
        })
        if (!isSuccess(answer)) return setError(answer.retMsg, answer)
        applyFlow(flowOf(answer))
      } else if (step === 'environment') {
        const answer = await api.call(signInSteps.environment, { data: { environment }, throws: false })
        if (answer.retCode === NOT_IN_FLOW) return restart(answer)
        if (isSuccess(answer)) applyFlow(flowOf(answer))
        else setError(answer.retMsg)
      } else if (step === 'code') {
        if (!/^\d{6}$/.test(code)) return setCodeError(t('signInSteps:codeFormat'))
        setCodeError('')
        await consoleSignIn(code)
      } else await consoleSignIn(undefined, typedPassword)
    } finally {
      setBusy(false)
    }
  }

  const plainCaptcha = (
    <PlainCaptcha asked={posted?.captcha} error={posted?.errors.captcha ?? ''} typed={typedCaptcha} />
  )
  // A password error while the password field is not shown goes under the form instead.
  const shownAt: SignInField = errorField === 'password' && step !== 'password' ? 'form' : errorField
  const errorAt = (field: SignInField) =>
    error && shownAt === field ? (
      <>
        <p id={errorId} className="form-error" role="alert" data-testid={`error-${field}`}>
          {error}
        </p>
        {lockedOut && (
          <p className="field-action">
            <a href={`/auth/reset${languageQuery}`}>{t('signIn.lockedReset')}</a>
          </p>
        )}
      </>
    ) : null
  const invalid = (field: SignInField) => (error && shownAt === field ? true : undefined)
  const describedBy = (field: SignInField) => (error && shownAt === field ? errorId : undefined)

  return (
    <>
      {pickerWanted && (
        <Suspense fallback={null}>
          <SsoEnvironmentPicker onOpen={setPicking} />
        </Suspense>
      )}
      <section className="card" aria-labelledby="sign-in-title" hidden={picking}>
        <h1 id="sign-in-title">{t('signIn.title')}</h1>
        {/* Without JavaScript (or before it arrives) the form posts the step to the server, which
            answers with the page (server/routes/sign-in-form.server.ts); with it, the same steps
            run as fetch calls. */}
        <form method="post" noValidate onSubmit={submit} aria-describedby={describedBy('form')}>
          <input type="hidden" name="step" value={step} />
          {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
          <div className="field">
            <label htmlFor="sign-in-email">{t('signIn.email')}</label>
            <input
              ref={emailInput}
              id="sign-in-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={320}
              readOnly={step !== 'email'}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={invalid('email')}
              aria-describedby={describedBy('email')}
            />
            {errorAt('email')}
          </div>
          {step === 'environment' && (
            <EnvironmentChoices
              name="environment"
              hint={t('signIn.chooseEnvironment')}
              environments={environments}
              chosen={environment}
              onChoose={setEnvironment}
            />
          )}
          {step === 'password' && (
            <>
              <div className="field">
                <label htmlFor="sign-in-password">{t('signIn.password')}</label>
                <PasswordInput
                  id="sign-in-password"
                  name="password"
                  autoComplete="current-password"
                  required
                  // biome-ignore lint/a11y/noAutofocus: moving focus to the field that just appeared is what keyboard users expect
                  autoFocus
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={invalid('password')}
                  aria-describedby={describedBy('password')}
                />
                {errorAt('password')}
              </div>
              {captchaNeeded &&
                (hydrated ? (
                  // The server's question (or why the check needs JavaScript) until the widget loads.
                  <Suspense fallback={posted?.captcha ? plainCaptcha : null}>
                    <Captcha
                      key={captchaRound}
                      purpose="signIn"
                      onToken={setCaptchaPass}
                      {...(captchaRound === 0
                        ? {
                            serverChallenge: posted?.captcha,
                            error: posted?.errors.captcha,
                            initialAnswer: typedCaptcha,
                          }
                        : {})}
                    />
                  </Suspense>
                ) : (
                  plainCaptcha
                ))}
            </>
          )}
          {step === 'code' && (
            <Suspense
              fallback={
                <PlainCodeStep
                  email={email.trim()}
                  error={codeError}
                  resendAt={resendAt}
                  language={language}
                  onCode={setCode}
                />
              }
            >
              <CodeStep
                email={email.trim()}
                code={code}
                onCode={(value) => {
                  setCode(value)
                  setCodeError('')
                }}
                error={codeError}
                onResend={resendCode}
                initialWaitSeconds={secondsUntil(resendAt)}
              />
            </Suspense>
          )}
          {errorAt('form')}
          {/* Before the page is interactive a click posts the form: the server runs the step. */}
          <button
            ref={submitButton}
            type="submit"
            className="button primary"
            disabled={busy}
            aria-busy={busy}
          >
            {busy
              ? t('signIn.working')
              : step === 'code' || (step === 'password' && !emailCodeRequired)
                ? t('signIn.submit')
                : t('signIn.continue')}
          </button>
        </form>
        {/* Outside the step's form: Enter in a field, and the form's one submit button, stay the
            step's own; without JavaScript it posts the back form below. */}
        {(step === 'password' || step === 'code') && (
          <ChangeEmail onClick={backToEmail} label={t('signIn.changeEmail')} />
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
                const { target } = reminder
                setReminder(null)
                void continueTo(target)
              }}
            />
          </Suspense>
        )}
        {/* The forms the "change email" and "send a new code" buttons post without JavaScript. */}
        {step !== 'email' && (
          <form id="sign-in-back" method="post" hidden>
            <input type="hidden" name="step" value="back" />
            <input type="hidden" name="_csrf" value={csrfToken} />
          </form>
        )}
        {step === 'code' && (
          <form id="sign-in-resend" method="post" hidden>
            <input type="hidden" name="step" value="resend" />
            <input type="hidden" name="_csrf" value={csrfToken} />
          </form>
        )}
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
    </>
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
