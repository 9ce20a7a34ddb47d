import { useEffect, useId, useState } from 'react'
import { useCountdown } from '../../../components/time/useCountdown.ts'
import { useTranslation } from '../../../translation.tsx'

interface CodeStepProps {
  email: string
  code: string
  onCode: (code: string) => void
  /** The error to show at the code field ('' for none). */
  error: string
  /** Asks for a new code; answers the seconds until the next one may be asked for, or an error. */
  onResend: () => Promise<{ waitSeconds: number } | { error: string }>
  /** Seconds until a new code may be asked for, from the answer that sent the first one. */
  initialWaitSeconds: number
}

/** Keeps the digits only: a pasted "123 456" or "Code: 123456" fills the field with 123456. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6)
}

/**
 * The e-mailed 6-digit code (spec §5, §9): one field, so the browser's one-time-code autofill and
 * a paste of the whole code both work; numeric keypad on phones; a new code after the one-minute
 * wait, with the countdown visible and announced politely.
 */
export function CodeStep({ email, code, onCode, error, onResend, initialWaitSeconds }: CodeStepProps) {
  const { t } = useTranslation('signInSteps')
  const countdown = useCountdown()
  const { start } = countdown
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const hintId = useId()
  const errorId = useId()
  useEffect(() => start(initialWaitSeconds), [start, initialWaitSeconds])

  async function resend() {
    if (busy || countdown.seconds > 0) return
    setBusy(true)
    setStatus('')
    try {
      const result = await onResend()
      if ('error' in result) setStatus(result.error)
      else {
        start(result.waitSeconds)
        setStatus(t('resendSent'))
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <fieldset className="field code-field">
      <legend>{t('codeLegend')}</legend>
      <p data-testid="code-sent">{t('codeSent', { email })}</p>
      <label htmlFor="sign-in-code">{t('codeLabel')}</label>
      <input
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
      <button
        type="button"
        className="link-button"
        onClick={resend}
        disabled={busy || countdown.seconds > 0}
        data-testid="resend-code"
      >
        {countdown.seconds > 0 ? t('resendIn', { seconds: countdown.seconds }) : t('resend')}
      </button>
      {/* Announced without interrupting: the wait in 15-second steps (not every tick), then
          that a new code may be asked for, or the result of a resend. */}
      <p className="visually-hidden" aria-live="polite" data-testid="resend-status">
        {countdown.seconds > 0
          ? t('resendIn', { seconds: Math.ceil(countdown.seconds / 15) * 15 })
          : status || t('resendReady')}
      </p>
    </fieldset>
  )
}
