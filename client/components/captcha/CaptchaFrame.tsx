import type { ReactNode } from 'react'
import { useTranslation } from '../../translation.tsx'

/** What both captcha kinds look like around their challenge: legend, solved state, error. */
export function CaptchaFrame({
  purpose,
  provider,
  solved,
  errorId,
  error,
  children,
}: {
  purpose: string
  provider?: boolean
  solved: boolean
  errorId: string
  error: string
  /** The unsolved challenge. */
  children: ReactNode
}) {
  const { t } = useTranslation('captcha')
  return (
    <fieldset className="captcha" data-purpose={purpose} data-provider={provider ? '' : undefined}>
      <legend>{t('legend')}</legend>
      {solved ? (
        <p className="captcha-solved" role="status">
          ✓ {t('solved')}
        </p>
      ) : (
        children
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
