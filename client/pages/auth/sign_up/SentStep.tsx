import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpEndpoints } from '../../../../shared/api/endpoints/signUp.ts'
import type { SignUpFlowView } from '../../../../shared/api/sign-up-flow.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { useApiClient } from '../../../api.ts'
import { useCountdown } from '../../../components/time/useCountdown.ts'
import { Trans, useTranslation } from '../../../translation.tsx'
import { loadSignUpFlow } from './flow.ts'

/** How often a waiting page asks whether its link was opened in another browser. */
const HANDOFF_POLL_MS = 3000

/**
 * The link may be opened on another device (a phone's mail app): the sign-up then continues in
 * this browser, which asks the server while the page is visible and as soon as it is shown again.
 */
function useLinkOpenedElsewhere(onFlow: (flow: SignUpFlowView) => void) {
  useEffect(() => {
    let stopped = false
    const check = async () => {
      if (document.visibilityState !== 'visible') return
      const next = await loadSignUpFlow().catch(() => undefined)
      if (!stopped && next && next.step !== 'sent') onFlow(next)
    }
    const timer = window.setInterval(() => void check(), HANDOFF_POLL_MS)
    const onVisible = () => void check()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [onFlow])
}

/** 'Check your inbox': names the address, resends after a one-minute countdown. */
export function SentStep({
  flow,
  onFlow,
  onOtherEmail,
}: {
  flow: SignUpFlowView
  onFlow: (flow: SignUpFlowView) => void
  onOtherEmail: () => void
}) {
  const { t } = useTranslation('signUp')
  const api = useApiClient()
  const { seconds, start } = useCountdown()
  const [notice, setNotice] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => start(flow.resendInSeconds ?? 0), [flow.resendInSeconds, start])
  useLinkOpenedElsewhere(onFlow)

  async function resend() {
    if (busy || seconds > 0) return
    setBusy(true)
    setError('')
    setNotice('')
    const answer = await api.call(signUpEndpoints.sendRegisterVerifyEmail, {
      data: { email: flow.email },
      throws: false,
    })
    setBusy(false)
    const next = await loadSignUpFlow()
    if (isSuccess(answer)) setNotice(t('sent.resent'))
    else setError(answer.retMsg)
    onFlow(next)
  }

  return (
    <section aria-labelledby="sign-up-title">
      <h1 id="sign-up-title" tabIndex={-1}>
        {t('sent.title')}
      </h1>
      <p data-testid="sent-to">
        <Trans t={t} i18nKey="sent.body" values={{ email: flow.email }} components={{ 1: <strong /> }} />
      </p>
      <p className="aside">{t('sent.spam')}</p>
      <p className="aside">{t('sent.waiting')}</p>
      <p className="form-notice" role="status">
        {notice || (seconds > 0 ? t('sent.resendIn', { seconds }) : '')}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button primary"
          onClick={() => void resend()}
          disabled={busy || seconds > 0}
        >
          {t('sent.resend')}
        </button>
        <button type="button" className="link-button" onClick={onOtherEmail}>
          {t('sent.otherEmail')}
        </button>
      </div>
    </section>
  )
}

/** The 24-hour verification e-mail limit (700604): its own page, saying when it frees up. */
export function LimitStep({ flow, onBack }: { flow: SignUpFlowView; onBack: () => void }) {
  const { t } = useTranslation('signUp')
  const { language } = usePageContext()
  const time = flow.freesAt
    ? new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(flow.freesAt))
    : ''
  return (
    <section aria-labelledby="sign-up-title" data-testid="sign-up-limit">
      <h1 id="sign-up-title" tabIndex={-1}>
        {t('limit.title')}
      </h1>
      <p>{t('limit.body')}</p>
      {time ? <p>{t('limit.freesAt', { time })}</p> : null}
      <button type="button" className="button" onClick={onBack}>
        {t('limit.back')}
      </button>
    </section>
  )
}
