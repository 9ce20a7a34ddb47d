import { type ReactNode, Suspense, useEffect, useReducer, useRef } from 'react'
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
import { pageUrlOf } from '../components/frame/useFrame.ts'
import { Toaster } from '../components/Toaster.tsx'

/** The user agent of this request: the header on the server, the same string in the browser. */
function useUserAgent(): string {
  const pageContext = usePageContext() as { headers?: Record<string, string> | null }
  if (typeof window !== 'undefined') return window.navigator.userAgent
  return pageContext.headers?.['user-agent'] ?? ''
}

/**
 * +Head renders keywords and canonical on the server only; after a client-side navigation they
 * are brought up to date here (vike-react itself updates title, description and lang). The
 * keywords' texts are fetched then, not with every page (ADR 0085).
 */
function useClientHeadSync(pathname: string) {
  const { language, edition, publicOrigin } = usePageContext()
  const page = `${language} ${edition} ${publicOrigin} ${pathname}`
  // What the server rendered the head for: nothing to update until the page changes.
  const shown = useRef(page)
  useEffect(() => {
    if (shown.current === page) return
    shown.current = page
    document
      .querySelector('link[rel="canonical"]')
      ?.setAttribute('href', `${publicOrigin ?? ''}${canonicalHref(pathname, language, edition)}`)
    let current = true
    // Imported here, not at the top: the module lists the locale chunks (import.meta.glob), which
    // only Vite resolves; the browser has it already (+onBeforeRenderClient), so no request.
    void import('../load-translations.ts')
      .then(({ loadTranslator }) => loadTranslator(language, ['keywords']))
      .then(({ t }) => {
        if (current)
          document.querySelector('meta[name="keywords"]')?.setAttribute('content', keywordsFor(pathname, t))
      }, keepShownKeywords)
    return () => {
      current = false
    }
  }, [page, pathname, language, edition, publicOrigin])
}

/** Offline or a failed fetch: the previous page's keywords stay; nothing a visitor sees changes. */
function keepShownKeywords() {}

/** Reports once, when the Suspense boundary it sits in has hydrated (or mounted on the client). */
function WhenHydrated({ onHydrated }: { onHydrated: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; `onHydrated` is a stable dispatch
  useEffect(onHydrated, [])
  return null
}

/**
 * The shared page frame (spec §2): bar, content, footer. Hidden (see shared/frame/hidden.ts and
 * docs/frame.md) in the desktop app, on pages flagged `aloneItem` and in an oauth connect flow.
 */
export default function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const { t } = useTranslation('frame')
  const userAgent = useUserAgent()
  const { search, pathname } = pageUrlOf(pageContext)
  const hidden = frameHiddenReason({
    userAgent,
    search,
    aloneItem: isAloneItem((pageContext as { Page?: unknown }).Page),
    pathname,
    externalBase: pageContext.externalApp?.basePath,
  })
  useClientHeadSync(pathname)
  const device = pageContext.isPhone ? 'phone' : 'desktop'
  // Header, page and footer are Suspense boundaries: React hydrates each in its own time-sliced
  // work (ADR 0065) instead of one long task, and an early click hydrates its boundary first.
  // `data-hydrated` (tests, CSS) says every part now reacts, not only the frame's root.
  const [hydratedParts, reportHydrated] = useReducer((count: number) => count + 1, 0)
  const hydrated = hydratedParts >= (hidden ? 1 : 3)
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
          <Suspense fallback={null}>
            <SiteHeader />
            <WhenHydrated onHydrated={reportHydrated} />
          </Suspense>
        </>
      )}
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={null}>
          {children}
          <WhenHydrated onHydrated={reportHydrated} />
        </Suspense>
      </main>
      {!hidden && (
        <Suspense fallback={null}>
          <Footer marketingEmail={MARKETING_EMAIL} language={pageContext.language} base={SITE_BASE} />
          <WhenHydrated onHydrated={reportHydrated} />
        </Suspense>
      )}
      <Toaster />
    </div>
  )
}
