import { type ReactNode, useEffect } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { usePageContext } from 'vike-react/usePageContext'
import { MARKETING_EMAIL, SITE_BASE } from '../../shared/frame/constants.ts'
import { frameHiddenReason, isAloneItem } from '../../shared/frame/hidden.ts'
import { canonicalHref } from '../../shared/frame/meta.ts'
import { useTranslation } from '../translation.tsx'
import '../styles/base.css'
import '../components/frame/frame.css'
import { Footer } from '../components/frame/Footer.tsx'
import { keywordsFor } from '../components/frame/meta.ts'
import { SiteHeader } from '../components/frame/SiteHeader.tsx'
import { Toaster } from '../components/Toaster.tsx'

/** The user agent of this request: the header on the server, the same string in the browser. */
function useUserAgent(): string {
  const pageContext = usePageContext() as { headers?: Record<string, string> | null }
  if (typeof window !== 'undefined') return window.navigator.userAgent
  return pageContext.headers?.['user-agent'] ?? ''
}

/**
 * +Head renders keywords and canonical on the server only; after a client-side navigation they
 * are brought up to date here (vike-react itself updates title, description and lang).
 */
function useClientHeadSync(pathname: string) {
  const { language, edition, publicOrigin } = usePageContext()
  const { t } = useTranslation('frame')
  useEffect(() => {
    document.querySelector('meta[name="keywords"]')?.setAttribute('content', keywordsFor(pathname, t))
    document
      .querySelector('link[rel="canonical"]')
      ?.setAttribute('href', `${publicOrigin ?? ''}${canonicalHref(pathname, language, edition)}`)
  }, [pathname, language, edition, publicOrigin, t])
}

/**
 * The shared page frame (spec §2): bar, content, footer. Hidden (see shared/frame/hidden.ts and
 * docs/frame.md) in the desktop app, on pages flagged `aloneItem` and in an oauth connect flow.
 */
export default function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const { t } = useTranslation('frame')
  const userAgent = useUserAgent()
  const hidden = frameHiddenReason({
    userAgent,
    search: pageContext.urlParsed.search,
    aloneItem: isAloneItem((pageContext as { Page?: unknown }).Page),
  })
  useClientHeadSync(pageContext.urlParsed.pathname)
  const device = pageContext.isPhone ? 'phone' : 'desktop'
  // Lets tests (and CSS, if ever needed) know the controls now react.
  const hydrated = useHydrated()
  return (
    <div
      className={`frame frame--${device}`}
      data-frame={hidden ?? 'shown'}
      data-hydrated={hydrated ? 'true' : undefined}
    >
      {!hidden && (
        <>
          <a className="fr-skip" href="#main">
            {t('skipToContent')}
          </a>
          <SiteHeader />
        </>
      )}
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      {!hidden && (
        <Footer marketingEmail={MARKETING_EMAIL} language={pageContext.language} base={SITE_BASE} />
      )}
      <Toaster />
    </div>
  )
}
