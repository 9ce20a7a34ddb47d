import type { FormState } from '../../../../shared/forms/form-state.ts'
import { useTranslation } from '../../../translation.tsx'

/**
 * The sign-in's captcha as the server renders it, and as it stands until the scripts arrive (the
 * lazy Captcha's fallback; issue 21 point 4): the upstream's question the server asked, answered
 * in a plain field posted with the password (`captchaChallengeId`, `captchaAnswer`), or why the
 * configured provider's check needs JavaScript — with the upstream's own question beside it when
 * the upstream offers one (server/routes/sign-in-captcha.server.ts).
 */
export function PlainCaptcha({
  asked,
  error,
  typed,
}: {
  asked: FormState['captcha']
  error: string
  /** An answer typed before the scripts ran, shown again while the widget loads. */
  typed?: string
}) {
  const { t } = useTranslation('captcha')
  const question = typeof asked === 'object' ? asked : null
  const needsScript = asked === 'needsScript' || question?.needsScript === true
  const errorId = 'sign-in-captcha-error'
  return (
    <fieldset className="captcha" data-purpose="signIn">
      <legend>{t('legend')}</legend>
      {needsScript && (
        <p data-testid="captcha-needs-script">{t(question ? 'needsScriptFallback' : 'needsScript')}</p>
      )}
      {question ? (
        <div className="captcha-row">
          <label htmlFor="sign-in-captcha-answer">{t('question', { a: question.a, b: question.b })}</label>
          <input type="hidden" name="captchaChallengeId" value={question.challengeId} />
          <input
            id="sign-in-captcha-answer"
            name="captchaAnswer"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            defaultValue={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      ) : (
        !needsScript && <p>{t('noScript')}</p>
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert" data-testid="error-captcha">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
