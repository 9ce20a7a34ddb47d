import { useCallback, useEffect, useRef, useState } from 'react'
import { RET_CODES } from '../../../../shared/api/ret-codes.ts'
import { TRIAL_DAYS, WELCOME_COUNTDOWN_SECONDS } from '../../../../shared/api/sign-up-flow.ts'
import { FormError } from '../../../components/form/Field.tsx'
import { useCountdown } from '../../../components/time/useCountdown.ts'
import { useTranslation } from '../../../translation.tsx'
import { consoleUrl } from './flow.ts'
import { usePlainForm } from './plain-form.tsx'

/** The welcome page: the trial has started; a visible countdown, then the console. */
export function WelcomeStep({ initialError = '' }: { initialError?: string }) {
  const { t } = useTranslation('signUp')
  const plain = usePlainForm('welcome')
  const { seconds, start } = useCountdown()
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState(initialError)
  const started = useRef(false)
  useEffect(() => start(WELCOME_COUNTDOWN_SECONDS), [start])

  const open = useCallback(async () => {
    if (started.current) return
    started.current = true
    setOpening(true)
    try {
      const answer = await consoleUrl()
      if (answer.retCode === RET_CODES.success && answer.item.url) window.location.assign(answer.item.url)
      else {
        setError(answer.retMsg)
        started.current = false
        setOpening(false)
      }
    } catch (thrown) {
      setError((thrown as Error).message)
      started.current = false
      setOpening(false)
    }
  }, [])

  const [ticked, setTicked] = useState(false)
  useEffect(() => {
    if (seconds > 0) setTicked(true)
    else if (ticked && !error) void open()
  }, [seconds, ticked, error, open])

  return (
    <section aria-labelledby="sign-up-title" data-testid="welcome">
      <h1 id="sign-up-title" tabIndex={-1}>
        {t('welcome.title')}
      </h1>
      <p>{t('welcome.body', { days: TRIAL_DAYS })}</p>
      <p role="status" aria-live="polite">
        {opening ? t('welcome.opening') : seconds > 0 ? t('welcome.countdown', { seconds }) : ''}
      </p>
      <FormError error={error} />
      <form
        method={plain.method}
        action={plain.action}
        onSubmit={(event) => {
          event.preventDefault()
          void open()
        }}
      >
        {plain.hidden}
        <button type="submit" className="button primary" disabled={opening}>
          {t('welcome.go')}
        </button>
      </form>
    </section>
  )
}
