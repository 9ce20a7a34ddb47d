import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { captchaEndpoints } from '../../../shared/api/endpoints/captcha.ts'
import { isSuccess } from '../../../shared/envelope.ts'
import { useApiClient } from '../../api.ts'
import { useTranslation } from '../../translation.tsx'
import { CaptchaFrame } from './CaptchaFrame.tsx'
import { ProviderCaptcha } from './ProviderCaptcha.tsx'
import { useCaptchaCheck } from './useCaptchaCheck.ts'

type Challenge = { challengeId: string; a: number; b: number }

export interface CaptchaProps {
  purpose: 'signUp' | 'signIn' | 'demo'
  /** A solved check's single-use token (null while unsolved), carried as `captchaPass`. */
  onToken: (token: string | null) => void
  /** A problem reported by the form (e.g. 700112/700169 from the upstream). */
  error?: string | undefined
  /**
   * The question the server asked for a form posted without JavaScript (FormState.captcha): shown
   * as is, its answer posted with the form (`captchaChallengeId`, `captchaAnswer`).
   */
  serverChallenge?: Challenge | 'needsScript' | undefined
  /** The answer to `serverChallenge` typed before the scripts ran (nothing typed is lost). */
  initialAnswer?: string | undefined
}

/**
 * The captcha adapter (initSgGeetestInfo → checkSgGeetestInfo): the configured provider's widget
 * (ADR 0027), or else the upstream's own challenge. Either way a solved check hands a single-use
 * token to the form (`onToken`), which the call that needs a captcha carries as `captchaPass`.
 */
export function Captcha(props: CaptchaProps) {
  const { captchaProvider } = usePageContext()
  return captchaProvider ? (
    <ProviderCaptcha {...props} provider={captchaProvider} />
  ) : (
    <ChallengeCaptcha {...props} />
  )
}

/** The upstream's challenge, answered with the keyboard and read out by screen readers. */
function ChallengeCaptcha({ purpose, onToken, error, serverChallenge, initialAnswer }: CaptchaProps) {
  const { t } = useTranslation('captcha')
  const api = useApiClient()
  const id = useId()
  const given = typeof serverChallenge === 'object' ? serverChallenge : null
  const [challenge, setChallenge] = useState<Challenge | null>(given)
  const [answer, setAnswer] = useState(given ? (initialAnswer ?? '') : '')
  const { solved, setSolved, message, setMessage, check: checkSolution } = useCaptchaCheck(onToken)
  const [busy, setBusy] = useState(false)

  // The latest of what `load` uses, read when it runs: `t` changes identity when the translations
  // finish loading, and a `load` that changed with it would fetch a new challenge under the eyes
  // (and the typed answer) of someone already solving the first one.
  const latest = useRef({ api, onToken, t, setSolved, setMessage })
  latest.current = { api, onToken, t, setSolved, setMessage }
  const load = useCallback(async (keepMessage = false) => {
    const { api, onToken, t, setSolved, setMessage } = latest.current
    setSolved(false)
    setAnswer('')
    onToken(null)
    const reply = await api.call<Challenge>(captchaEndpoints.initSgGeetestInfo, { data: {}, throws: false })
    if (isSuccess(reply)) {
      setChallenge(reply.item)
      if (!keepMessage) setMessage('')
    } else setMessage(reply.retMsg || t('failed'))
  }, [])

  // A question the server already asked stays: its answer may be typed before the scripts ran.
  const askedByServer = useRef(given !== null)
  useEffect(() => {
    if (!askedByServer.current) void load()
  }, [load])

  // A new form error while solved means the upstream refused the pass: a fresh challenge is needed.
  const solvedNow = useRef(false)
  solvedNow.current = solved
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new error, not a new solve, reloads
  useEffect(() => {
    if (error && solvedNow.current) void load(true)
  }, [error])

  async function check() {
    if (!challenge || busy) return
    setBusy(true)
    const passed = await checkSolution({ challengeId: challenge.challengeId, answer })
    setBusy(false)
    if (!passed) await load(true)
  }

  const shown = message || (solved ? '' : error) || ''
  return (
    <CaptchaFrame purpose={purpose} solved={solved} errorId={`${id}-error`} error={shown}>
      {challenge ? (
        <div className="captcha-row">
          <label htmlFor={`${id}-answer`}>{t('question', { a: challenge.a, b: challenge.b })}</label>
          {/* Posted with the form when JavaScript is off: the server checks the answer itself. */}
          <input type="hidden" name="captchaChallengeId" value={challenge.challengeId} />
          <input
            id={`${id}-answer`}
            name="captchaAnswer"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            value={answer}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : undefined}
            onChange={(event) => setAnswer(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                void check()
              }
            }}
          />
          <button
            type="button"
            className="button"
            onClick={() => void check()}
            disabled={busy || !answer.trim()}
          >
            {t('check')}
          </button>
          <button type="button" className="link-button" onClick={() => void load()}>
            {t('another')}
          </button>
        </div>
      ) : (
        <>
          <p>{t('loading')}</p>
          <noscript>
            <p>{t('noScript')}</p>
          </noscript>
        </>
      )}
    </CaptchaFrame>
  )
}
