import { usePageContext } from 'vike-react/usePageContext'
import { SITE_BASE } from '../../../shared/frame/constants.ts'
import { type FrameLinkContext, frameHref, withoutClientFilledQuery } from '../../../shared/frame/links.ts'
import { parseLanguageParam } from '../../../shared/language.ts'

export interface FrameState {
  language: 'en' | 'zh'
  /**
   * Path and query of the current page, as the request wrote them (still encoded), less the
   * parameters only the browser reads (CLIENT_FILLED_QUERY): a cached page was rendered without them.
   */
  currentUrl: string
  pathname: string
  /** A frame path as a link of this page (spec §5 rules, language kept when the URL names it). */
  href: (path: string) => string
}

interface PageUrl {
  carryLanguage: boolean
  /** The decoded query parameters (Vike's `urlParsed.search`). */
  search: Record<string, string>
  currentUrl: string
  pathname: string
  /**
   * `?language=<the page's language>` when the URL names a language, else empty: what a link or a
   * form action to another account page appends, so a chosen language survives the step.
   */
  languageQuery: string
}

/**
 * Vike's `pageContext.urlParsed` is a getter that parses the URL again on every read (≈ 15 µs with
 * the copies it makes), and every frame link asks (dozens per page), and so did each form and page
 * that carries the language: read it once per pageContext instead (issue 8 point 4, ADR 0107).
 * Components read `pageUrlOf(usePageContext())`, not `urlParsed`.
 *
 * On the server each hook and component is handed its own proxy of the one pageContext object
 * (Vike's `getPublicProxy`), so the memo is keyed by the object behind the proxy: keyed by the
 * proxy, the head, the layout, the header and the frame's fragments each parsed the URL again.
 * `dangerouslyUseInternals` is Vike's way to reach internals without its warning; in the browser
 * the router's pageContext is a plain object and has no such property.
 */
const urlByPageContext = new WeakMap<object, PageUrl>()

type ProxiedPageContext = { dangerouslyUseInternals?: { _originalObject?: object } }

export function pageUrlOf(pageContext: ReturnType<typeof usePageContext>): PageUrl {
  const identity = (pageContext as ProxiedPageContext).dangerouslyUseInternals?._originalObject ?? pageContext
  let url = urlByPageContext.get(identity)
  if (!url) {
    const { urlParsed, language } = pageContext
    url = {
      // The BFF drops `language` when it is the visitor's default, so a surviving one is a choice.
      carryLanguage: parseLanguageParam(urlParsed.search.language) === language,
      // The raw path: the decoded one turns `/%09/evil` into `/<TAB>/evil`, which browsers read as `//evil`.
      currentUrl: `${urlParsed.pathnameOriginal}${queryOf(urlParsed.searchOriginal)}`,
      pathname: urlParsed.pathname,
      search: urlParsed.search,
      languageQuery: urlParsed.search.language ? `?language=${language}` : '',
    }
    urlByPageContext.set(identity, url)
  }
  return url
}

function queryOf(searchOriginal: string | null): string {
  const search = withoutClientFilledQuery((searchOriginal ?? '').replace(/^\?/, ''))
  return search ? `?${search}` : ''
}

/** What every piece of the frame needs to know about the current page. */
export function useFrame(base: string = SITE_BASE): FrameState {
  const pageContext = usePageContext()
  const { language } = pageContext
  const { carryLanguage, currentUrl, pathname } = pageUrlOf(pageContext)
  const context: FrameLinkContext = { base, language, carryLanguage }
  return { language, currentUrl, pathname, href: (path) => frameHref(path, context) }
}
