import { useEffect, useState } from 'react'
import { ResendButton } from '../../../components/time/ResendButton.tsx'
import { useCountdown } from '../../../components/time/useCountdown.ts'
import { useTranslation } from '../../../translation.tsx'
import type { CodeStepProps } from './CodeStep.tsx'

/** The resend button with its countdown, once the scripts run. */
export function CodeResend({
  onResend,
  initialWaitSeconds,
}: Pick<CodeStepProps, 'onResend'> & { initialWaitSeconds: number }) {
  const { t } = useTranslation('signInSteps')
  const countdown = useCountdown()
  const { start } = countdown
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
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
    <>
      <ResendButton
        secondsLeft={countdown.seconds}
        busy={busy}
        onResend={resend}
        className="link-button"
        testId="resend-code"
        label={t('resend')}
        waitLabel={(seconds) => t('resendIn', { seconds })}
      />
      {/* Announced without interrupting: the wait in 15-second steps (not every tick), then
          that a new code may be asked for, or the result of a resend. */}
      <p className="visually-hidden" aria-live="polite" data-testid="resend-status">
        {countdown.seconds > 0
          ? t('resendIn', { seconds: Math.ceil(countdown.seconds / 15) * 15 })
          : status || t('resendReady')}
      </p>
    </>
  )
}
