import { lazy, Suspense, useEffect, useRef } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { clockTime } from '../../../../shared/clock-time.ts'
import type { Language } from '../../../../shared/language.ts'
import { earlyText } from '../../../components/form/early-input.ts'
import { useTranslation } from '../../../translation.tsx'

// Few sign-ins reach the code step: its countdown loads then (the page's first-load budget).
const CodeResend = lazy(() => import('./CodeResend.tsx').then((module) => ({ default: module.CodeResend })))

export interface CodeStepProps {
  email: string
  code: string
  onCode: (code: string) => void
  /** The error to show at the code field ('' for none). */
  error: string
  /** Asks for a new code; answers the seconds until the next one may be asked for, or an error. */
  onResend: () => Promise<{ waitSeconds: number } | { error: string }>
  /** When a new code may be asked for (ms since the epoch), from the server's flow. */
  resendAt: number | undefined
  language: Language
}

/** Keeps the digits only: a pasted "123 456" or "Code: 123456" fills the field with 123456. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6)
}

/** Seconds until a new code may be asked for, from the flow's time. */
const secondsUntil = (at: number | undefined) => (at ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : 60)

/**
 * The e-mailed 6-digit code (spec §5, §9): one field, so the browser's one-time-code autofill and
 * a paste of the whole code both work; numeric keypad on phones. Rendered by the server and kept
 * until the scripts run, the resend is a button posting the resend form and the wait is a time in
 * words ("at 14:32 UTC"; the server refuses an earlier resend); once hydrated, the button asks by
 * fetch and the wait is a countdown, announced politely.
 */
export function CodeStep({ email, code, onCode, error, onResend, resendAt, language }: CodeStepProps) {
  const { t } = useTranslation('signInSteps')
  const hydrated = useHydrated()
  const input = useRef<HTMLInputElement>(null)
  // Typed before hydration: the browser kept it in the field; the page's state learns it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = earlyText(input.current)
    if (typed) onCode(digitsOf(typed))
  }, [])
  const plainResend = (
    <>
      {resendAt !== undefined && (
        <p data-testid="resend-at">{t('resendAt', { time: clockTime(resendAt, language) })}</p>
      )}
      <button type="submit" form="sign-in-resend" className="link-button" data-testid="resend-code">
        {t('resend')}
      </button>
    </>
  )
  const errorId = 'sign-in-code-error'
  const hintId = 'sign-in-code-hint'
  return (
    <fieldset className="field code-field">
      <legend>{t('codeLegend')}</legend>
      <p data-testid="code-sent">{t('codeSent', { email })}</p>
      <label htmlFor="sign-in-code">{t('codeLabel')}</label>
      <input
        ref={input}
        id="sign-in-code"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        // biome-ignore lint/a11y/noAutofocus: the code field just appeared in place of the password; focus follows
        autoFocus
        value={code}
        onChange={(event) => onCode(digitsOf(event.target.value))}
        onPaste={(event) => {
          // A pasted text longer than the field (spaces, words around the code) still fills it.
          event.preventDefault()
          onCode(digitsOf(event.clipboardData.getData('text')))
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
      />
      <p id={hintId} className="hint">
        {t('codeHint')}
      </p>
      {error && (
        <p id={errorId} className="form-error" role="alert" data-testid="error-code">
          {error}
        </p>
      )}
      {hydrated ? (
        // The countdown's code loads with the step: the plain button until it is there.
        <Suspense fallback={plainResend}>
          <CodeResend onResend={onResend} initialWaitSeconds={secondsUntil(resendAt)} />
        </Suspense>
      ) : (
        plainResend
      )}
    </fieldset>
  )
}
