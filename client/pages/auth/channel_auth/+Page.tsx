import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import type { Channel, ChannelOutcome } from '../../../../shared/channels/outcome.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { flowFetch } from '../../../flow-fetch.ts'
import { Trans, useTranslation } from '../../../translation.tsx'
import '../reset/reset.css'

type View =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'signIn'; channel: Channel }
  | { kind: 'consent'; channel: Channel }

/**
 * Channel authorization consent (spec §2, §5, §6): what the channel may read, the privacy policy
 * and terms to agree to first, sign-in first when needed (the flow waits in the sealed session).
 */
export default function ChannelAuthPage() {
  const { t } = useTranslation('channels')
  const { language, externalApp } = usePageContext()
  const [view, setView] = useState<View>({ kind: 'loading' })
  const [agreed, setAgreed] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const zh = language === 'zh'

  useEffect(() => {
    void flowFetch<{ signedIn: boolean; channel: Channel | null }>('/auth/channel_auth/flow').then(
      (answer) => {
        const { channel, signedIn } = answer.item
        if (!isSuccess(answer) || !channel) setView({ kind: 'none' })
        else setView({ kind: signedIn ? 'consent' : 'signIn', channel })
      },
    )
  }, [])

  async function authorize() {
    if (!agreed) {
      setError(t('common:validation.consent'))
      document.getElementById('channel-consent')?.focus()
      return
    }
    setBusy(true)
    setError('')
    const answer = await flowFetch<{ outcome?: ChannelOutcome; channel?: Channel }>(
      '/auth/channel_auth/authorize',
      {
        consent: true,
      },
    )
    setBusy(false)
    if (isSuccess(answer) && answer.item.outcome) {
      const query = new URLSearchParams({ result: answer.item.outcome, channel: answer.item.channel ?? '' })
      if (zh) query.set('language', 'zh')
      window.location.assign(`/auth/channel_authStatus?${query}`)
      return
    }
    if (answer.status === 401) {
      setView((old) => (old.kind === 'consent' ? { kind: 'signIn', channel: old.channel } : old))
      return
    }
    setError(answer.retMsg || t('errors:generic'))
  }

  if (view.kind === 'loading') {
    return (
      <section className="card" aria-busy="true">
        <h1>{t('titleNone')}</h1>
        <p role="status">{t('loading')}</p>
      </section>
    )
  }
  if (view.kind === 'none') {
    return (
      <section className="card" aria-labelledby="channel-title">
        <h1 id="channel-title">{t('titleNone')}</h1>
        <p>{t('noFlow')}</p>
        <p>
          <a className="button primary" href={`${externalApp.basePath}/connect${zh ? '?language=zh' : ''}`}>
            {t('startAgain')}
          </a>
        </p>
      </section>
    )
  }
  const channelName = t(`name.${view.channel}`)
  if (view.kind === 'signIn') {
    const back = encodeURIComponent('/auth/channel_auth')
    return (
      <section className="card" aria-labelledby="channel-title">
        <h1 id="channel-title">{t('title', { channel: channelName })}</h1>
        <p>{t('signInFirst')}</p>
        <p>
          <a className="button primary" href={`/auth/sign_in?return=${back}${zh ? '&language=zh' : ''}`}>
            {t('signIn')}
          </a>
        </p>
      </section>
    )
  }
  const link = (path: string) => (
    // biome-ignore lint/a11y/useAnchorContent: Trans fills in the text
    <a href={`${path}${zh ? '?language=zh' : ''}`} target="_blank" rel="noopener" />
  )
  return (
    <section className="card" aria-labelledby="channel-title">
      <h1 id="channel-title">{t('title', { channel: channelName })}</h1>
      <p>{t('access', { channel: channelName })}</p>
      <div className="field">
        <label className="choice">
          <input
            id="channel-consent"
            type="checkbox"
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.target.checked)
              if (event.target.checked) setError('')
            }}
            aria-invalid={error && !agreed ? true : undefined}
            aria-describedby="channel-error"
          />{' '}
          <span>
            <Trans
              t={t}
              i18nKey="agree"
              components={{ privacy: link('/privacy-protection-policy'), terms: link('/terms-of-services') }}
            />
          </span>
        </label>
      </div>
      <p id="channel-error" className="form-error" role="alert">
        {error}
      </p>
      <button type="button" className="button primary" disabled={busy} onClick={authorize}>
        {busy ? t('authorizing') : t('authorize')}
      </button>
    </section>
  )
}
