import { type FormEvent, useEffect, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import type { ChannelConsentView } from '../../../../shared/channels/consent.ts'
import type { Channel, ChannelOutcome } from '../../../../shared/channels/outcome.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { earlyTick } from '../../../components/form/early-input.ts'
import { flowFetch } from '../../../flow-fetch.ts'
import { Trans, useTranslation } from '../../../translation.tsx'
import '../reset/reset.css'
import './channel-auth.css'

interface Waiting {
  channel: Channel
  /** The signed-in account the channel would be connected to. */
  account: string | null
  /** The store or org the return names (Salesforce's org), when it names one. */
  store: string | null
}

type View =
  | { kind: 'loading' }
  | { kind: 'none' }
  | ({ kind: 'signIn' } & Waiting)
  | ({ kind: 'consent' } & Waiting)

/** The page's view of a flow the server answered or rendered. */
function viewOf(flow: ChannelConsentView | undefined): View {
  if (!flow) return { kind: 'loading' }
  const { channel, signedIn, account, store } = flow
  if (!channel) return { kind: 'none' }
  return { kind: signedIn ? 'consent' : 'signIn', channel, account, store }
}

/**
 * Channel authorization consent (spec §2, §5, §6): who is connecting what, what the channel may
 * read, the privacy policy and terms to agree to first, sign-in first when needed (the flow waits
 * in the sealed session), and Cancel, which ends the connect as `cancelled` (issue 18 point 15).
 * The server renders the flow on request and the buttons belong to a plain form that posts to the
 * page's own address (channel-consent-form.server.ts), so the page works without JavaScript; with
 * it, the same steps run through fetch calls without a reload.
 */
export default function ChannelAuthPage() {
  const { t } = useTranslation('channels')
  const { language, externalApp, formState, csrfToken } = usePageContext()
  const rendered = formState?.form === 'channelConsent' ? formState : undefined
  const [view, setView] = useState<View>(() => viewOf(rendered?.channelConsent))
  const [agreed, setAgreed] = useState(false)
  const consentBox = useRef<HTMLInputElement>(null)
  // Ticked while the scripts were still loading: the browser kept the tick, and the page's state
  // learns it now (else Allow would say "agree first" under a ticked box).
  useEffect(() => {
    if (earlyTick(consentBox.current)) setAgreed(true)
  }, [])
  const [error, setError] = useState(rendered?.errors.consent ?? rendered?.errors.form ?? '')
  const [busy, setBusy] = useState<'authorize' | 'cancel' | null>(null)
  const zh = language === 'zh'
  const pageAddress = `/auth/channel_auth${zh ? '?language=zh' : ''}`

  useEffect(() => {
    // Rendered by the server with the flow: nothing to load.
    if (rendered?.channelConsent) return
    void flowFetch<ChannelConsentView>('/auth/channel_auth/flow').then((answer) => {
      setView(isSuccess(answer) ? viewOf(answer.item) : { kind: 'none' })
    })
  }, [rendered])

  function showOutcome(outcome: ChannelOutcome, channel: string) {
    const query = new URLSearchParams({ result: outcome, channel })
    if (zh) query.set('language', 'zh')
    window.location.assign(`/auth/channel_authStatus?${query}`)
  }

  async function authorize() {
    if (!agreed) {
      setError(t('common:validation.consent'))
      document.getElementById('channel-consent')?.focus()
      return
    }
    setBusy('authorize')
    setError('')
    const answer = await flowFetch<{ outcome?: ChannelOutcome; channel?: Channel }>(
      '/auth/channel_auth/authorize',
      { consent: true },
    )
    setBusy(null)
    if (isSuccess(answer) && answer.item.outcome)
      return showOutcome(answer.item.outcome, answer.item.channel ?? '')
    if (answer.status === 401) {
      setView((old) => (old.kind === 'consent' ? { ...old, kind: 'signIn', account: null } : old))
      return
    }
    setError(answer.retMsg || t('errors:generic'))
  }

  async function cancel() {
    setBusy('cancel')
    setError('')
    const answer = await flowFetch<{ outcome?: ChannelOutcome; channel?: Channel }>(
      '/auth/channel_auth/deny',
      {},
    )
    setBusy(null)
    if (isSuccess(answer) && answer.item.outcome)
      return showOutcome(answer.item.outcome, answer.item.channel ?? '')
    // Nothing waits any more (another tab ended it): say so instead of a dead button.
    if (answer.status === 409) return setView({ kind: 'none' })
    setError(answer.retMsg || t('errors:generic'))
  }

  /** With JavaScript the buttons run the steps in place; without it the form posts them. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    void (submitter?.value === 'cancel' ? cancel() : authorize())
  }

  if (view.kind === 'loading') {
    return (
      <section className="card" aria-labelledby="channel-title" aria-busy="true">
        <h1 id="channel-title">{t('titleNone')}</h1>
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
  const connecting = view.store ? (
    <Trans
      t={t}
      i18nKey="connecting"
      values={{ store: view.store, channel: channelName }}
      components={{ store: <strong data-testid="channel-store" /> }}
    />
  ) : (
    t('connectingUnnamed', { channel: channelName })
  )
  const cancelButton = (
    <button
      type="submit"
      name="action"
      value="cancel"
      className="button"
      disabled={busy !== null}
      aria-busy={busy === 'cancel'}
    >
      {busy === 'cancel' ? t('cancelling') : t('cancel')}
    </button>
  )
  if (view.kind === 'signIn') {
    const back = encodeURIComponent('/auth/channel_auth')
    return (
      <section className="card" aria-labelledby="channel-title">
        <h1 id="channel-title">{t('title', { channel: channelName })}</h1>
        <p>{connecting}</p>
        <p>{t('signInFirst')}</p>
        <p id="channel-error" className="form-error" role="alert">
          {error}
        </p>
        <form method="post" action={pageAddress} className="consent-actions" onSubmit={onSubmit}>
          <input type="hidden" name="_csrf" value={rendered?.csrfToken ?? csrfToken} />
          <a className="button primary" href={`/auth/sign_in?return=${back}${zh ? '&language=zh' : ''}`}>
            {t('signIn')}
          </a>
          {cancelButton}
        </form>
      </section>
    )
  }
  const link = (path: string) => (
    // biome-ignore lint/a11y/useAnchorContent: Trans fills in the text
    <a href={`${path}${zh ? '?language=zh' : ''}`} target="_blank" rel="noopener" />
  )
  return (
    <form
      method="post"
      action={pageAddress}
      className="card"
      aria-labelledby="channel-title"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="_csrf" value={rendered?.csrfToken ?? csrfToken} />
      <h1 id="channel-title">{t('title', { channel: channelName })}</h1>
      {view.account ? (
        <p>
          <Trans
            t={t}
            i18nKey="signedInAs"
            values={{ account: view.account }}
            components={{ account: <strong data-testid="channel-account" /> }}
          />
        </p>
      ) : null}
      <p>{connecting}</p>
      <p>{t('access', { channel: channelName })}</p>
      <div className="field">
        <label className="choice">
          <input
            ref={consentBox}
            id="channel-consent"
            name="consent"
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
      <div className="consent-actions">
        <button
          type="submit"
          name="action"
          value="authorize"
          className="button primary"
          disabled={busy !== null}
          aria-busy={busy === 'authorize'}
        >
          {busy === 'authorize' ? t('authorizing') : t('authorize')}
        </button>
        {cancelButton}
      </div>
    </form>
  )
}
