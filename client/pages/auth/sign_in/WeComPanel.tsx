import { useCallback, useEffect, useRef, useState } from 'react'
import { safeReturnPath } from '../../../../shared/safe-return.ts'
import {
  ANNOUNCED_SECONDS,
  minutesAndSeconds,
  useSecondsUntil,
} from '../../../components/time/useCountdown.ts'
import { flowFetch } from '../../../flow-fetch.ts'
import { useTranslation } from '../../../translation.tsx'

/** How often the page asks the BFF whether the phone confirmed. */
const POLL_MS = 2000

type ScanStatus =
  | 'idle'
  | 'loading'
  | 'waiting'
  | 'expired'
  | 'cancelled'
  | 'refused'
  | 'signingIn'
  | 'unavailable'

interface ScanAnswer {
  status?: string
  expiresIn?: number
  url?: string
  redirect?: string
  code?: string
  matchCode?: string
}

/** A phone (narrow or touch-only screen): the WeCom link is offered next to the code. */
function usePhone(): boolean {
  const [phone, setPhone] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(max-width: 40rem), (pointer: coarse)')
    setPhone(query.matches)
    const changed = () => setPhone(query.matches)
    query.addEventListener('change', changed)
    return () => query.removeEventListener('change', changed)
  }, [])
  return phone
}

/**
 * WeCom scan sign-in (ADR 0050): the BFF draws the QR code (same-origin SVG) and keeps the ticket
 * in the sealed session; the page polls until the phone confirms, shows the expiry, and offers a
 * fresh code. Loaded and opened by a click (EnterpriseSignIn): nothing of it is in the page's HTML
 * or first script.
 */
export function WeComPanel({ languageQuery, onClose }: { languageQuery: string; onClose: () => void }) {
  const { t } = useTranslation('sso')
  const phone = usePhone()
  const [status, setStatus] = useState<ScanStatus>('loading')
  const [deadline, setDeadline] = useState<number | null>(null)
  const [appUrl, setAppUrl] = useState('')
  const [matchCode, setMatchCode] = useState('')
  const [generation, setGeneration] = useState(0)
  const [refusal, setRefusal] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const [pollRound, setPollRound] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)
  const seconds = useSecondsUntil(status === 'waiting' ? deadline : null)

  const handle = useCallback(
    (answer: ScanAnswer) => {
      switch (answer.status) {
        case 'waiting':
          if (typeof answer.expiresIn === 'number') setDeadline(Date.now() + answer.expiresIn * 1000)
          if (answer.url) setAppUrl(answer.url)
          if (answer.matchCode) setMatchCode(answer.matchCode)
          setStatus('waiting')
          return
        case 'expired':
        case 'cancelled':
          setStatus(answer.status)
          setAnnouncement(t(`wecom.${answer.status}`))
          return
        case 'refused':
          setStatus('refused')
          setRefusal(t(`errors.${answer.code ?? ''}`, { defaultValue: t('failText') }))
          return
        case 'signedIn':
        case 'pick':
        case 'failed':
          setStatus('signingIn')
          setAnnouncement(answer.status === 'failed' ? '' : t('wecom.signingIn'))
          window.location.assign(answer.redirect ?? '/auth/sign_in')
          return
        default:
          setStatus('unavailable')
      }
    },
    [t],
  )

  async function start() {
    setStatus('loading')
    setAnnouncement('')
    const target = new URLSearchParams(window.location.search).get('return')
    const answer = await flowFetch<ScanAnswer>('/auth/sso/wecom', {
      language: languageQuery,
      ...(target ? { return: safeReturnPath(target) } : {}),
    })
    setGeneration((value) => value + 1)
    handle(answer.status === 200 ? answer.item : {})
    heading.current?.focus()
  }

  // Opening the panel asks for the first code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel opens
  useEffect(() => {
    start()
  }, [])

  // Poll while the code is live; a slow answer never overlaps the next question.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each finished round (pollRound) schedules the next
  useEffect(() => {
    if (status !== 'waiting') return
    let stopped = false
    const timer = window.setTimeout(async () => {
      const answer = await flowFetch<ScanAnswer>('/auth/sso/wecom/poll', {})
      if (stopped) return
      // A failed call (network, 429) is simply asked again at the next round.
      if (answer.status === 200) handle(answer.item)
      setPollRound((round) => round + 1)
    }, POLL_MS)
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [status, pollRound, handle])

  // The screen reader hears the remaining time at a few moments only, politely.
  useEffect(() => {
    if (status === 'waiting' && (ANNOUNCED_SECONDS as readonly number[]).includes(seconds)) {
      setAnnouncement(t('wecom.announceLeft', { count: seconds }))
    }
  }, [seconds, status, t])

  return (
    <div className="wecom-sign-in">
      <section className="wecom-panel" aria-labelledby="wecom-title" data-testid="wecom-panel">
        <h3 id="wecom-title" ref={heading} tabIndex={-1}>
          {t('wecom.title')}
        </h3>
        {status === 'loading' && <p>{t('wecom.loading')}</p>}
        {status === 'waiting' && (
          <>
            <p>{t('wecom.instructions')}</p>
            <img
              className="wecom-qr"
              src={`/auth/sso/wecom/qr.svg?n=${generation}`}
              alt={t('wecom.qrAlt')}
              width={200}
              height={200}
              data-testid="wecom-qr"
            />
            {matchCode && (
              <p className="wecom-match" data-testid="wecom-match">
                {t('wecom.match')} <strong className="wecom-match-code">{matchCode}</strong>
              </p>
            )}
            <p data-testid="wecom-countdown">{t('wecom.expiresIn', { time: minutesAndSeconds(seconds) })}</p>
            {phone && appUrl && (
              <p>
                <a className="button" href={appUrl} data-testid="wecom-open-app">
                  {t('wecom.openApp')}
                </a>
              </p>
            )}
          </>
        )}
        {(status === 'expired' ||
          status === 'cancelled' ||
          status === 'unavailable' ||
          status === 'refused') && (
          <p className="form-error" data-testid="wecom-message">
            {status === 'refused' ? refusal : t(`wecom.${status}`)}
          </p>
        )}
        {status === 'signingIn' && <p>{t('wecom.signingIn')}</p>}
        <p role="status" aria-live="polite" className="visually-hidden" data-testid="wecom-announcement">
          {announcement}
        </p>
        {status !== 'loading' && status !== 'signingIn' && (
          <div className="wecom-actions">
            <button type="button" className="button" onClick={start} data-testid="wecom-refresh">
              {t('wecom.refresh')}
            </button>
            <button type="button" className="link-button" onClick={onClose}>
              {t('wecom.close')}
            </button>
          </div>
        )}
      </section>
    </div>
  )
}
