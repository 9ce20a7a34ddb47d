import { usePageContext } from 'vike-react/usePageContext'
import { isChannel } from '../../../shared/channels/outcome.ts'
import { EXTERNAL_PAGES, rewriteLink } from '../../../shared/external-login/app.ts'
import type { Provider } from '../../../shared/external-login/query.ts'
import { imageQuery, PAGE_IMAGES } from '../../../shared/frame/constants.ts'
import { LANGUAGES, type Language } from '../../../shared/language.ts'
import { useTranslation } from '../../translation.tsx'
import { useExternalFlow } from './useExternalFlow.ts'
import './external.css'

const CONNECT_PROVIDERS = ['salesforce', 'shopify', 'tikTok', 'lazada', 'xiaohongshu'] as const

/**
 * The standalone external sign-in and connect app (spec §2, ADR 0040): sign-in with Microsoft or
 * SAML at its base, connecting a store or CRM at `/connect`. Its links follow spec §2's rewriting.
 */
function ExternalAppPage() {
  const { t } = useTranslation('external')
  const { routeParams, externalApp, language, urlParsed } = usePageContext()
  const base = externalApp.basePath
  const { URL_DOMAIN, TEXT_PREFIX } = externalApp.runtimeConfig
  const { view, flow } = useExternalFlow(base)
  const page = routeParams.page === 'connect' ? 'connect' : 'signIn'
  // The app's links keep a language someone chose (spec §2: the parameter wins over the login
  // config); without one, each page takes the host's configured language again.
  const languageQuery = urlParsed.search.language !== undefined ? `?language=${language}` : ''
  const saved = flow.connect?.query
  const href = (path: string) => rewriteLink(path, base, saved)
  // Pages of the account area are absolute (URL_DOMAIN), so the rewriting leaves them alone.
  const site = (path: string) => `${URL_DOMAIN}${path}${path.includes('?') ? '' : languageQuery}`
  // A connect waiting for a signed-out visitor: the main site's password sign-in, back to the
  // waiting connect's consent afterwards (issue 18 point 10; a sign-in keeps `externalLogin`).
  const passwordSignIn = site(
    `/auth/sign_in?return=${encodeURIComponent(`/auth/channel_auth${languageQuery}`)}${languageQuery.replace('?', '&')}`,
  )
  const channelName = (provider: Provider) =>
    isChannel(provider) ? t(`channels:name.${provider}`) : provider
  const logo = `${base}${imageQuery(PAGE_IMAGES.externalLogo)}`

  const status = (() => {
    switch (view.kind) {
      case 'refused':
        return (
          <div role="alert" className="external-problem" data-problem="state">
            <h2>{t('refusedTitle')}</h2>
            <p>{view.message || t('stateRefused')}</p>
            <a className="button" href={href(`${page === 'connect' ? '/connect' : '/'}${languageQuery}`)}>
              {t('startAgain')}
            </a>
          </div>
        )
      case 'error':
        return (
          <div role="alert" className="external-problem" data-problem="error">
            <p>{view.message || t('missingParams')}</p>
          </div>
        )
      case 'received':
        return (
          <div role="status" className="external-ok">
            <p>{t('received', { channel: channelName(view.provider) })}</p>
            {flow.signedIn ? (
              <a className="button primary" href={site('/auth/channel_auth')}>
                {t('continueConsent')}
              </a>
            ) : (
              <>
                <a className="button primary" href={href(`/${languageQuery}`)}>
                  {t('pendingSignIn', { channel: channelName(view.provider) })}
                </a>{' '}
                <a className="button" href={passwordSignIn} data-testid="password-sign-in">
                  {t('passwordSignIn')}
                </a>
              </>
            )}
          </div>
        )
      case 'signedIn':
        return (
          <div role="status" className="external-ok">
            <p>{t('signedIn')}</p>
            <a
              className="button primary"
              href={site(view.next === 'consent' ? '/auth/channel_auth' : '/auth/sign_in')}
            >
              {view.next === 'consent' ? t('continueConsent') : t('toConsole')}
            </a>
          </div>
        )
      default:
        return null
    }
  })()

  return (
    <div className="external-app" data-page={page} data-state={view.kind}>
      <header className="external-header">
        <img src={logo} alt="Sobot" width={128} height={32} />
        <ExternalLanguageSwitch
          language={language}
          href={(other) => href(`${EXTERNAL_PAGES[page]}?language=${other}`)}
        />
      </header>
      <section className="card" aria-labelledby="external-title">
        {page === 'signIn' ? (
          <>
            <h1 id="external-title">{t('signInTitle', { prefix: TEXT_PREFIX })}</h1>
            {flow.connect && !flow.signedIn && view.kind === 'idle' ? (
              <p className="external-ok">
                {t('pendingSignIn', { channel: channelName(flow.connect.provider) })}
              </p>
            ) : null}
            {status}
            <p>{t('signInIntro')}</p>
            <p className="external-actions">
              <a className="button primary" href={href(`/start/microsoft${languageQuery}`)}>
                {t('microsoft')}
              </a>
              <a className="button" href={href(`/start/saml${languageQuery}`)}>
                {t('saml')}
              </a>
              {flow.connect && !flow.signedIn ? (
                <a className="button" href={passwordSignIn} data-testid="password-sign-in">
                  {t('passwordSignIn')}
                </a>
              ) : null}
            </p>
            <p className="aside">
              <a href={href(`/connect${languageQuery}`)}>{t('toConnect')}</a>
            </p>
          </>
        ) : (
          <>
            <h1 id="external-title">{t('connectTitle', { prefix: TEXT_PREFIX })}</h1>
            {status}
            <p>{t('connectIntro')}</p>
            <ul className="external-providers">
              {CONNECT_PROVIDERS.map((provider) => (
                <li key={provider}>
                  <a
                    className="button"
                    href={href(`/start/${provider}${languageQuery}`)}
                    data-provider={provider}
                  >
                    {t('connectWith', { channel: channelName(provider) })}
                  </a>
                </li>
              ))}
            </ul>
            <p className="aside">
              <a href={href(`/${languageQuery}`)}>{t('toSignIn')}</a>
            </p>
          </>
        )}
      </section>
    </div>
  )
}

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' }

/**
 * The app's own language switch (spec §2, issue 18 point 1): this page with `?language=`, a full
 * load so the BFF decides again — it drops the parameter when it names the host's configured
 * language, and a waiting connect's query is kept by the link rewriting.
 */
function ExternalLanguageSwitch({
  language,
  href,
}: {
  language: Language
  href: (language: Language) => string
}) {
  const { t } = useTranslation('common')
  return (
    <nav className="external-language" aria-label={t('language.label')}>
      <ul>
        {LANGUAGES.map((option) => (
          <li key={option} lang={HTML_LANG[option]}>
            {option === language ? (
              <span aria-current="true">{t(`language.${option}`)}</span>
            ) : (
              <a href={href(option)} hrefLang={HTML_LANG[option]} data-vike="false">
                {t(`language.${option}`)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

// A standalone app: the marketing bar and footer of the site are not shown (spec §2 'aloneItem').
ExternalAppPage.aloneItem = true
export default ExternalAppPage
