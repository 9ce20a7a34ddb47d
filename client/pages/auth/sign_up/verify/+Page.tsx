import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpEndpoints } from '../../../../../shared/api/endpoints/signUp.ts'
import { isSuccess } from '../../../../../shared/envelope.ts'
import { useApiClient } from '../../../../api.ts'
import { navigate } from '../../../../runtime/router.ts'
import { Trans, useTranslation } from '../../../../translation.tsx'
import { loadSignUpFlow } from '../flow.ts'
import '../sign-up.css'

/**
 * Where the e-mailed verification link lands (`#id=…`: the fragment never reaches a server or a
 * log). The BFF checks it once; a valid link moves the sign-up on to account setup, an expired or
 * used one shows the link-expired page with a way to get a new link.
 */
export default function VerifyPage() {
  const { t } = useTranslation('signUp')
  const { language } = usePageContext()
  const api = useApiClient()
  const [state, setState] = useState<'checking' | 'expired' | 'elsewhere'>('checking')
  const [confirmedEmail, setConfirmedEmail] = useState('')
  const [resendable, setResendable] = useState(false)
  const languageQuery = language === 'zh' ? '?language=zh' : ''

  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1))
    const id = fragment.get('id') ?? ''
    // The region the registration lives in, when the link names it (ADR 0074): the check goes
    // there, whatever this browser's time zone would choose.
    const region = fragment.get('region') ?? undefined
    // The id is spent once read: a reload or the history must not carry it around.
    window.history.replaceState(null, '', window.location.pathname + window.location.search)
    void (async () => {
      const answer = id
        ? await api.call(signUpEndpoints.checkVerifyEmailLink, {
            data: region ? { id, region } : { id },
            throws: false,
          })
        : undefined
      if (answer && isSuccess(answer)) {
        const item = answer.item as { continuesElsewhere?: boolean; email?: string } | undefined
        if (!item?.continuesElsewhere) return navigate(`/auth/sign_up${languageQuery}`)
        // Opened outside the browser that signed up: the sign-up goes on there, not here.
        setConfirmedEmail(item.email ?? '')
        return setState('elsewhere')
      }
      const flow = await loadSignUpFlow()
      setResendable(flow.step === 'sent' && Boolean(flow.email))
      setState('expired')
    })()
  }, [api, languageQuery])

  async function newLink() {
    const flow = await loadSignUpFlow()
    if (flow.email && flow.step === 'sent')
      await api.call(signUpEndpoints.sendRegisterVerifyEmail, { data: { email: flow.email }, throws: false })
    await navigate(`/auth/sign_up${languageQuery}`)
  }

  return (
    <section className="card sign-up" aria-labelledby="sign-up-title" data-testid={`verify-${state}`}>
      {state === 'checking' ? (
        <>
          <h1 id="sign-up-title" aria-live="polite">
            {t('verify.title')}
          </h1>
          {/* The link's id rides in the fragment, which only a script can read (ADR 0089). */}
          <noscript>
            <p className="form-error">{t('verify.needsScript')}</p>
          </noscript>
        </>
      ) : state === 'elsewhere' ? (
        <>
          <h1 id="sign-up-title">{t('verify.elsewhereTitle')}</h1>
          <p role="status">
            <Trans
              t={t}
              i18nKey="verify.elsewhereBody"
              values={{ email: confirmedEmail }}
              components={{ 1: <strong /> }}
            />
          </p>
          <p className="aside">{t('verify.elsewhereNotYou')}</p>
        </>
      ) : (
        <>
          <h1 id="sign-up-title">{t('verify.expiredTitle')}</h1>
          <p>{t('verify.expiredBody')}</p>
          <button type="button" className="button primary" onClick={() => void newLink()}>
            {t('verify.newLink')}
          </button>
          {resendable ? null : (
            <p className="aside">
              <a href={`/auth/sign_up${languageQuery}`}>{t('limit.back')}</a>
            </p>
          )}
        </>
      )}
    </section>
  )
}
