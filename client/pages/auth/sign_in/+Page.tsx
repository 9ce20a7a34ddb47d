import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { reload } from 'vike/client/router'
import { useHydrated } from 'vike-react/useHydrated'
import { usePageContext } from 'vike-react/usePageContext'
import { signInEndpoints } from '../../../../shared/api/endpoints/signIn.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { signUpLanguageQuery } from '../../../../shared/language.ts'
import { safeReturnPath } from '../../../../shared/safe-return.ts'
import { chooseEnvironment, useApiClient } from '../../../api.ts'
import { Captcha } from '../../../components/captcha/Captcha.tsx'
import { EnterpriseSignIn, useSsoOutcome } from './EnterpriseSignIn.tsx'
import { EnvironmentChoices } from './EnvironmentChoices.tsx'
import { fieldOfSignInError, type SignInField } from './errorField.ts'
import { SignedIn } from './SignedIn.tsx'
import { SsoEnvironmentPicker } from './SsoEnvironmentPicker.tsx'

type Step = 'email' | 'environment' | 'password'

export default function SignInPage() {
  const { user, language, urlParsed } = usePageContext()
  const { t } = useTranslation()
  const api = useApiClient()
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setErrorText] = useState('')
  const [errorField, setErrorField] = useState<SignInField>('form')
  const [environments, setEnvironments] = useState<string[]>([])
  const [environment, setEnvironment] = useState('')
  const [busy, setBusy] = useState(false)
  // After a few wrong passwords the account asks for a captcha (getServiceLoginWrongTimes).
  const [captchaNeeded, setCaptchaNeeded] = useState(false)
  const [captchaPass, setCaptchaPass] = useState<string | null>(null)
  // Each solved captcha is single use: a new round gives a fresh challenge after every attempt.
  const [captchaRound, setCaptchaRound] = useState(0)
  const hydrated = useHydrated()
  const emailInput = useRef<HTMLInputElement>(null)
  // Whatever was typed while the scripts were still loading is kept, not wiped by hydration.
  useEffect(() => {
    const typed = emailInput.current?.value
    if (typed) setEmail(typed)
  }, [])
  const errorId = useId()
  const ssoOutcome = useSsoOutcome()
  // While an SSO sign-in waits for its environment, the picker is the whole page.
  const [picking, setPicking] = useState(false)
  useEffect(() => {
    if (ssoOutcome) {
      setErrorField('form')
      setErrorText(ssoOutcome)
    }
  }, [ssoOutcome])

  /** Shows an answer's message next to the field it is about (spec §8 codes; BFF 400s name the field). */
  function setError(message: string, answer?: { retCode: string; item?: unknown }) {
    setErrorText(message)
    setErrorField(answer ? fieldOfSignInError(answer) : 'form')
  }

  async function checkCaptchaNeeded() {
    const answer = await api.call(signInEndpoints.getServiceLoginWrongTimes, {
      data: { email: email.trim() },
      throws: false,
    })
    if (isSuccess(answer) && (answer.item as { captchaRequired?: unknown }).captchaRequired === true) {
      setCaptchaNeeded(true)
    }
  }

  if (user) return <SignedIn email={user.email} />

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError('')
    try {
      if (step === 'email') {
        const answer = await api.call(signInEndpoints.loginEmailCheck, {
          data: { email: email.trim() },
          throws: false,
        })
        if (!isSuccess(answer)) return setError(answer.retMsg, answer)
        // The BFF remembers where the account lives; with several places the user picks one.
        const places = await api.call(signInEndpoints.getAllEnvDomain, {
          data: { email: email.trim() },
          throws: false,
        })
        const names = isSuccess(places)
          ? places.items.map((entry) => (entry as { env?: string }).env ?? '')
          : []
        await checkCaptchaNeeded()
        if (names.length > 1) {
          setEnvironments(names)
          setEnvironment(names[0] ?? '')
          setStep('environment')
        } else setStep('password')
      } else if (step === 'environment') {
        const answer = await chooseEnvironment(environment)
        if (isSuccess(answer)) setStep('password')
        else setError(answer.retMsg)
      } else {
        const answer = await api.call(signInEndpoints.serviceLoginNew, {
          data: { email: email.trim(), password, ...(captchaPass ? { captchaPass } : {}) },
          throws: false,
        })
        if (captchaNeeded) {
          setCaptchaPass(null)
          setCaptchaRound((round) => round + 1)
        }
        if (!isSuccess(answer)) {
          if (answer.retCode === '700112' || answer.retCode === '700169') setCaptchaNeeded(true)
          else if (answer.retCode === '700211') await checkCaptchaNeeded()
        }
        if (isSuccess(answer)) {
          setPassword('')
          const target = new URLSearchParams(window.location.search).get('return')
          // Only a path on this site: an open redirect here would hand a fresh session to a phishing page.
          if (target) window.location.assign(safeReturnPath(target))
          else await reload()
        } else setError(answer.retMsg, answer)
      }
    } finally {
      setBusy(false)
    }
  }

  // A password error while the password field is not shown goes under the form instead.
  const shownAt: SignInField = errorField === 'password' && step !== 'password' ? 'form' : errorField
  const errorAt = (field: SignInField) =>
    error && shownAt === field ? (
      <p id={errorId} className="form-error" role="alert" data-testid={`error-${field}`}>
        {error}
      </p>
    ) : null
  const invalid = (field: SignInField) => (error && shownAt === field ? true : undefined)
  const describedBy = (field: SignInField) => (error && shownAt === field ? errorId : undefined)

  return (
    <>
      <SsoEnvironmentPicker onOpen={setPicking} />
      <section className="card" aria-labelledby="sign-in-title" hidden={picking}>
        <h1 id="sign-in-title">{t('signIn.title')}</h1>
        <form method="post" noValidate onSubmit={submit} aria-describedby={describedBy('form')}>
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
                <input
                  id="sign-in-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  maxLength={20}
                  // biome-ignore lint/a11y/noAutofocus: moving focus to the field that just appeared is what keyboard users expect
                  autoFocus
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={invalid('password')}
                  aria-describedby={describedBy('password')}
                />
                {errorAt('password')}
              </div>
              {captchaNeeded && <Captcha key={captchaRound} purpose="signIn" onToken={setCaptchaPass} />}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setStep('email')
                  setPassword('')
                  setError('')
                }}
              >
                {t('signIn.changeEmail')}
              </button>
            </>
          )}
          {errorAt('form')}
          <noscript>
            <p className="form-error">{t('signIn.needsScript')}</p>
          </noscript>
          {/* Until the page is interactive a click would post the form nowhere useful. */}
          <button type="submit" className="button primary" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? t('signIn.working') : step === 'password' ? t('signIn.submit') : t('signIn.continue')}
          </button>
        </form>
        <EnterpriseSignIn languageQuery={language} />
        <p className="aside">
          <a
            href={`/auth/reset${urlParsed.search.language ? `?language=${language}` : ''}`}
            data-testid="forgot-password"
          >
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
