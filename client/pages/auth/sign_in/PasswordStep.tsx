import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import type { FormState } from '../../../../shared/forms/form-state.ts'
import { earlyText } from '../../../components/form/early-input.ts'
import { PasswordInput } from '../../../components/form/PasswordInput.tsx'
import { useTranslation } from '../../../translation.tsx'
import { PlainCaptcha } from './PlainCaptcha.tsx'

// Asked for only after wrong passwords: the widget loads then (the page's first load stays
// within its budget, ADR 0021).
const Captcha = lazy(() =>
  import('../../../components/captcha/Captcha.tsx').then((module) => ({ default: module.Captcha })),
)

interface PasswordStepProps {
  password: string
  onPassword: (password: string) => void
  /** The password's error, and the id of its message (the form renders it under the field). */
  error: string | undefined
  errorId: string
  errorMessage: ReactNode
  captchaNeeded: boolean
  /** A solved captcha's token; the round gives a fresh challenge after every attempt. */
  onCaptchaPass: (token: string | null) => void
  captchaRound: number
  /** What a plain post answered: the server's captcha question and its error. */
  posted: FormState | null
}

/** The password, and the captcha the account asks for after wrong passwords. */
export function PasswordStep({
  password,
  onPassword,
  error,
  errorId,
  errorMessage,
  captchaNeeded,
  onCaptchaPass,
  captchaRound,
  posted,
}: PasswordStepProps) {
  const { t } = useTranslation()
  // Until hydrated the captcha is the server's plain question (PlainCaptcha), on the server and in
  // the browser alike: the lazy widget takes over after, with what was typed into it.
  const [hydrated, setHydrated] = useState(false)
  const [typedCaptcha, setTypedCaptcha] = useState('')
  // A page the server rendered at the password step (a plain post's answer) may have a password
  // and a captcha answer typed into it already (early-input.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typedPassword = earlyText(document.getElementById('sign-in-password') as HTMLInputElement | null)
    setTypedCaptcha(earlyText(document.getElementById('sign-in-captcha-answer') as HTMLInputElement | null))
    setHydrated(true)
    if (typedPassword) onPassword(typedPassword)
  }, [])
  const plainCaptcha = (
    <PlainCaptcha asked={posted?.captcha} error={posted?.errors.captcha ?? ''} typed={typedCaptcha} />
  )
  return (
    <>
      <div className="field">
        <label htmlFor="sign-in-password">{t('signIn.password')}</label>
        <PasswordInput
          id="sign-in-password"
          name="password"
          autoComplete="current-password"
          required
          // Focus moves to the field that just appeared, as keyboard users expect.
          autoFocus
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {errorMessage}
      </div>
      {captchaNeeded &&
        (hydrated ? (
          // The server's question (or why the check needs JavaScript) until the widget loads.
          <Suspense fallback={posted?.captcha ? plainCaptcha : null}>
            <Captcha
              key={captchaRound}
              purpose="signIn"
              onToken={onCaptchaPass}
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
  )
}
