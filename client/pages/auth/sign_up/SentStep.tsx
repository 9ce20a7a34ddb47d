import { type FormEvent, useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpEndpoints } from '../../../../shared/api/endpoints/signUp.ts'
import { type SignUpFlowView, VERIFY_LINK_PATH } from '../../../../shared/api/sign-up-flow.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { pastedLinkTo } from '../../../../shared/forms/emailed-link.ts'
import { useApiClient } from '../../../api.ts'
import { FormError } from '../../../components/form/Field.tsx'
import { PastedLinkField } from '../../../components/form/PastedLinkField.tsx'
import { ScriptedSubmit } from '../../../components/form/ScriptedSubmit.tsx'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useCountdown } from '../../../components/time/useCountdown.ts'
import { Trans, useTranslation } from '../../../translation.tsx'
import { loadSignUpFlow } from './flow.ts'
import { usePlainForm } from './plain-form.tsx'

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
  resendAt,
  posted,
}: {
  flow: SignUpFlowView
  onFlow: (flow: SignUpFlowView) => void
  onOtherEmail: () => void
  /** When a new e-mail may be asked for, as the server wrote it ("14:32 UTC"). */
  resendAt?: string | undefined
  /** The server's answer to this form posted without JavaScript. */
  posted?: { error: string; linkError: string; resent: boolean } | undefined
}) {
  const { t } = useTranslation('signUp')
  const api = useApiClient()
  const plain = usePlainForm('sent')
  const { seconds, start } = useCountdown()
  const [notice, setNotice] = useState(posted?.resent ? t('sent.resent') : '')
  const form = useFormSubmit({
    ...(posted?.error ? { form: posted.error } : {}),
    ...(posted?.linkError ? { link: posted.linkError } : {}),
  })
  const { busy } = form
  const error = form.errors.form
  const linkError = form.errors.link
  // Until the scripts run (or without them), the wait is plain text with its time and the button
  // stays usable: the server refuses it until then, with the same words (issue 21 point 4).
  const [counting, setCounting] = useState(false)
  useEffect(() => {
    setCounting(true)
    start(flow.resendInSeconds ?? 0)
  }, [flow.resendInSeconds, start])
  useLinkOpenedElsewhere(onFlow)

  /**
   * With scripts, the pasted link is checked as the verify page checks the link it opens with (the
   * same `/api` call, no reload); without them the form posts and the server does the same.
   */
  function checkPastedLink(event: FormEvent<HTMLFormElement>) {
    const link = pastedLinkTo(VERIFY_LINK_PATH, String(new FormData(event.currentTarget).get('link') ?? ''))
    form.submitWith({
      validate: () => {
        if (link === 'notALink') return { link: t('sent.linkNotALink') }
        if (link === 'otherKind') return { link: t('sent.linkOtherKind') }
      },
      send: async () => {
        if (typeof link === 'string') return
        const region = link.params.get('region')
        const answer = await api.call(signUpEndpoints.checkVerifyEmailLink, {
          data: region ? { id: link.id, region } : { id: link.id },
          throws: false,
        })
        const item = answer.item as { continuesElsewhere?: unknown; email?: unknown } | undefined
        if (!isSuccess(answer)) return { link: t('sent.linkExpired') }
        if (item?.continuesElsewhere === true)
          return { link: t('sent.linkElsewhere', { email: String(item.email ?? '') }) }
        onFlow(await loadSignUpFlow())
      },
    })(event)
  }

  function resend() {
    if (seconds > 0) return
    void form.run({
      send: async () => {
        setNotice('')
        const answer = await api.call(signUpEndpoints.sendRegisterVerifyEmail, {
          data: { email: flow.email },
          throws: false,
        })
        const next = await loadSignUpFlow()
        if (isSuccess(answer)) setNotice(t('sent.resent'))
        onFlow(next)
        return isSuccess(answer) ? undefined : { form: answer.retMsg }
      },
    })
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
      {/* True only once scripts run (they ask); without them, the "continue" button asks. */}
      {counting ? <p className="aside">{t('sent.waiting')}</p> : null}
      <p className="form-notice" role="status">
        {notice ||
          (counting
            ? seconds > 0
              ? t('sent.resendIn', { seconds })
              : ''
            : resendAt
              ? t('sent.resendAt', { time: resendAt })
              : '')}
      </p>
      <FormError error={error} />
      <form method={plain.method} action={plain.action} className="actions">
        {plain.hidden}
        <ScriptedSubmit
          name="intent"
          value="resend"
          className="button primary"
          onPress={() => void resend()}
          disabled={busy || seconds > 0}
        >
          {t('sent.resend')}
        </ScriptedSubmit>
        <ScriptedSubmit
          name="intent"
          value="continue"
          className="button"
          onPress={() => void loadSignUpFlow().then(onFlow)}
        >
          {t('sent.continue')}
        </ScriptedSubmit>
        <ScriptedSubmit name="intent" value="other" className="link-button" onPress={onOtherEmail}>
          {t('sent.otherEmail')}
        </ScriptedSubmit>
      </form>
      {/*
        The link's id rides in its fragment, which only a script reads (ADR 0089): pasted here
        without JavaScript it goes to the server in the POST body, never a URL, and the server runs
        the verify page's own check (ADR 0090); with JavaScript the page makes that call itself.
      */}
      <form
        method={plain.method}
        action={plain.action}
        className="sign-up-link-paste"
        onSubmit={checkPastedLink}
      >
        {plain.hidden}
        <PastedLinkField
          id="sign-up-link"
          label={t('sent.linkLabel')}
          hint={t('sent.linkHint')}
          onChange={() => form.changed('link')}
          error={linkError || undefined}
        />
        <button type="submit" name="intent" value="link" className="button" disabled={busy}>
          {t('sent.linkSubmit')}
        </button>
      </form>
    </section>
  )
}

/** The 24-hour verification e-mail limit (700604): its own page, saying when it frees up. */
export function LimitStep({ flow, onBack }: { flow: SignUpFlowView; onBack: () => void }) {
  const { t } = useTranslation('signUp')
  const { language } = usePageContext()
  const plain = usePlainForm('limit')
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
      <form
        method={plain.method}
        action={plain.action}
        onSubmit={(event) => {
          event.preventDefault()
          onBack()
        }}
      >
        {plain.hidden}
        <button type="submit" className="button">
          {t('limit.back')}
        </button>
      </form>
    </section>
  )
}
