import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { captchaEndpoints } from '../../../shared/api/endpoints/captcha.ts'
import { isSuccess } from '../../../shared/envelope.ts'
import { useApiClient } from '../../api.ts'
import { useTranslation } from '../../translation.tsx'
import type { CaptchaProps } from './Captcha.tsx'
import { CaptchaFrame } from './CaptchaFrame.tsx'
import { loadProviderScript, type ProviderCaptcha as Widget } from './provider-script.ts'
import { useCaptchaCheck } from './useCaptchaCheck.ts'

/**
 * The captcha with a real provider configured (GeeTest v4, ADR 0027): initSgGeetestInfo names the
 * challenge, the provider's widget opens from our button, and its result goes to
 * checkSgGeetestInfo, which the upstream verifies with the provider and answers with `captchaPass`.
 */
export function ProviderCaptcha({
  purpose,
  onToken,
  error,
  provider,
}: CaptchaProps & { provider: { scriptUrl: string; captchaId: string } }) {
  const { t } = useTranslation('captcha')
  const { language } = usePageContext()
  const api = useApiClient()
  const id = useId()
  const widget = useRef<Widget | null>(null)
  const challengeId = useRef<string | null>(null)
  const [ready, setReady] = useState(false)
  const { solved, setSolved, message, setMessage, check } = useCaptchaCheck(onToken)

  const newChallenge = useCallback(async () => {
    setSolved(false)
    onToken(null)
    challengeId.current = null
    const reply = await api.call<{ challengeId: string }>(captchaEndpoints.initSgGeetestInfo, {
      data: {},
      throws: false,
    })
    if (isSuccess(reply)) challengeId.current = reply.item.challengeId
    else setMessage(reply.retMsg || t('failed'))
  }, [api, onToken, t, setSolved, setMessage])

  const submitResult = useCallback(async () => {
    const result = widget.current?.getValidate()
    if (!result || !challengeId.current) return
    if (await check({ challengeId: challengeId.current, ...result })) return
    widget.current?.reset()
    await newChallenge()
  }, [check, newChallenge])

  useEffect(() => {
    let gone = false
    void newChallenge()
    loadProviderScript(provider.scriptUrl)
      .then((init) =>
        init(
          { captchaId: provider.captchaId, product: 'bind', language: language === 'zh' ? 'zho' : 'eng' },
          (captcha) => {
            if (gone) return captcha.destroy?.()
            widget.current = captcha
            captcha
              .onReady(() => setReady(true))
              .onSuccess(() => void submitResult())
              .onError(() => setMessage(t('failed')))
          },
        ),
      )
      .catch(() => !gone && setMessage(t('failed')))
    return () => {
      gone = true
      widget.current?.destroy?.()
      widget.current = null
    }
  }, [provider, language, newChallenge, submitResult, t, setMessage])

  // A new form error while solved means the upstream refused the pass: a fresh check is needed.
  const solvedNow = useRef(false)
  solvedNow.current = solved
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new error, not a new solve, resets
  useEffect(() => {
    if (error && solvedNow.current) {
      widget.current?.reset()
      void newChallenge()
    }
  }, [error])

  const shown = message || (solved ? '' : error) || ''
  return (
    <CaptchaFrame purpose={purpose} provider solved={solved} errorId={`${id}-error`} error={shown}>
      <button
        type="button"
        className="button"
        disabled={!ready}
        aria-describedby={shown ? `${id}-error` : undefined}
        onClick={() => widget.current?.showCaptcha()}
      >
        {ready ? t('start') : t('loading')}
      </button>
    </CaptchaFrame>
  )
}
