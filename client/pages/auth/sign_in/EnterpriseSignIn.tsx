import { lazy, Suspense, useEffect, useState } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { safeReturnPath } from '../../../../shared/safe-return.ts'
import { useTranslation } from '../../../translation.tsx'

// The QR panel loads on the first click: most visitors never scan (sign-in page weight budget).
const WeComPanel = lazy(() => import('./WeComPanel.tsx').then((module) => ({ default: module.WeComPanel })))

/**
 * Microsoft, SAML and WeCom sign-in. Both are plain links/forms to the BFF (they work before hydration
 * and without JavaScript); the BFF starts the provider round trip with its single-use state. The
 * environment is the one the picker chose for this session, so the picker serves SSO as well.
 */
export function EnterpriseSignIn({ languageQuery }: { languageQuery: string }) {
  const { t } = useTranslation('sso')
  const hydrated = useHydrated()
  const [wecomOpen, setWecomOpen] = useState(false)
  // The return path is per visitor: added after hydration, never rendered into shared HTML.
  const [returnQuery, setReturnQuery] = useState('')
  useEffect(() => {
    const target = new URLSearchParams(window.location.search).get('return')
    if (target) setReturnQuery(`&return=${encodeURIComponent(safeReturnPath(target))}`)
  }, [])
  // The page's language (part of what the HTML depends on) rides along, so the way back keeps it.
  const query = `?language=${languageQuery}${returnQuery}`
  return (
    <section className="enterprise-sign-in" aria-labelledby="enterprise-sign-in-title">
      <p className="or-divider">{t('or')}</p>
      <h2 id="enterprise-sign-in-title">{t('heading')}</h2>
      <p>
        <a className="button" href={`/auth/sso/microsoft${query}`} data-testid="sso-microsoft">
          {t('microsoft')}
        </a>
      </p>
      <form
        method="get"
        action="/auth/sso/saml"
        onSubmit={(event) => {
          // CSP form-action 'self' also covers where a form's answer redirects to, and the
          // identity provider is another site: navigate instead of submitting (ADR 0030).
          event.preventDefault()
          const data = new FormData(event.currentTarget)
          const query = new URLSearchParams()
          for (const [name, value] of data) if (typeof value === 'string') query.set(name, value)
          window.location.assign(`/auth/sso/saml?${query}`)
        }}
      >
        <fieldset className="field">
          <legend>{t('samlLegend')}</legend>
          <label htmlFor="saml-id">{t('samlId')}</label>
          <input
            id="saml-id"
            name="id"
            required
            maxLength={64}
            pattern="[A-Za-z0-9_\-]{1,64}"
            autoComplete="organization"
          />
        </fieldset>
        {/* The way back keeps the page's language, as the Microsoft link's query does. */}
        <input type="hidden" name="language" value={languageQuery} />
        {returnQuery && (
          <input type="hidden" name="return" value={decodeURIComponent(returnQuery.slice(8))} />
        )}
        {/* Before hydration a native submit would be stopped by form-action at the provider's redirect. */}
        <button type="submit" className="button" disabled={!hydrated}>
          {t('samlSubmit')}
        </button>
      </form>
      {wecomOpen ? (
        <Suspense fallback={<p>{t('wecom.loading')}</p>}>
          <WeComPanel languageQuery={languageQuery} onClose={() => setWecomOpen(false)} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button"
          disabled={!hydrated}
          onClick={() => setWecomOpen(true)}
          data-testid="wecom-start"
        >
          {t('wecom.start')}
        </button>
      )}
    </section>
  )
}

/** The message of an enterprise sign-in that came back refused (`#sso=<code>`), read once. */
export function useSsoOutcome(): string {
  const { t } = useTranslation('sso')
  const [message, setMessage] = useState('')
  useEffect(() => {
    const code = /^#sso=([\w-]{1,20})$/.exec(window.location.hash)?.[1]
    // `pick` is not a refusal: the environment picker (SsoEnvironmentPicker) takes it.
    if (!code || code === 'pick') return
    setMessage(t(`errors.${code}`, { defaultValue: t('failText') }))
    // A reload should not show it again.
    window.history.replaceState(null, '', window.location.pathname + window.location.search)
  }, [t])
  return message
}
