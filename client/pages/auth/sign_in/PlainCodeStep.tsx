import { useEffect, useRef } from 'react'
import { clockTime } from '../../../../shared/api/sign-in-flow.ts'
import type { Language } from '../../../../shared/language.ts'
import { earlyText } from '../../../components/form/early-input.ts'
import { useTranslation } from '../../../translation.tsx'

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 6)

/**
 * The code step as the server renders it, and as it stands until the scripts arrive (the lazy
 * CodeStep's fallback): a plain field, the time a new code may be asked for in words ("at
 * 14:32 UTC") and a button that posts the resend form — the server refuses it until then.
 */
export function PlainCodeStep({
  email,
  error,
  resendAt,
  language,
  onCode,
}: {
  email: string
  error: string
  resendAt: number | undefined
  language: Language
  /**
   * With scripts: what is typed here goes to the page's state, so the lazy CodeStep that takes
   * this field's place shows it (and a submit sends it) instead of an empty field.
   */
  onCode?: (code: string) => void
}) {
  const { t } = useTranslation('signInSteps')
  const input = useRef<HTMLInputElement>(null)
  // Typed before hydration: the browser kept it in the field; the page's state learns it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = earlyText(input.current)
    if (typed) onCode?.(digitsOnly(typed))
  }, [])
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
        maxLength={6}
        required
        ref={input}
        onChange={(event) => onCode?.(digitsOnly(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'sign-in-code-error sign-in-code-hint' : 'sign-in-code-hint'}
      />
      <p id="sign-in-code-hint" className="hint">
        {t('codeHint')}
      </p>
      {error && (
        <p id="sign-in-code-error" className="form-error" role="alert" data-testid="error-code">
          {error}
        </p>
      )}
      {resendAt !== undefined && (
        <p data-testid="resend-at">{t('resendAt', { time: clockTime(resendAt, language) })}</p>
      )}
      <button type="submit" form="sign-in-resend" className="link-button" data-testid="resend-code">
        {t('resend')}
      </button>
    </fieldset>
  )
}
