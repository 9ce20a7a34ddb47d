import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import { FragmentCache } from '../components/frame/fragment-cache.ts'
import { pageUrlOf } from '../components/frame/useFrame.ts'
import { pageI18n } from '../i18n.ts'
import { TranslationProvider } from '../translation.tsx'

/** One per process: frame parts rendered once per key (ADR 0060). */
const fragments = new FragmentCache()

/**
 * Runs on the server for every page render. It refuses to render a page the BFF did not give its
 * language: that would be a bug in the render call, better found here than as a page in the wrong
 * language. And it hands the frame its fragment cache (ADR 0060).
 */
export default function onCreatePageContext(pageContext: PageContextServer): void {
  if (pageContext.language !== 'en' && pageContext.language !== 'zh') {
    throw new Error(`renderPage() was called without a language (got ${String(pageContext.language)})`)
  }
  if (!pageContext.frameFragments) return
  pageContext.frameFragment = (name: string, element: ReactElement) => {
    const { carryLanguage, pathname } = pageUrlOf(pageContext)
    const key = [
      name,
      pageContext.language,
      carryLanguage,
      pageContext.edition,
      pageContext.isPhone,
      Boolean(pageContext.user),
    ].join('|')
    return fragments.html(key, pathname, () =>
      // Rendered apart from the page, with the page's own context and translations.
      renderToString(
        createElement(
          VikeReactProviderPageContext,
          // createElement's types want `children` among the props too; the third argument fills it.
          { pageContext } as Parameters<typeof VikeReactProviderPageContext>[0],
          createElement(TranslationProvider, { translator: pageI18n(pageContext) }, element),
        ),
      ),
    )
  }
}
