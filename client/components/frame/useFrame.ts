import { usePageContext } from 'vike-react/usePageContext'
import { SITE_BASE } from '../../../shared/frame/constants.ts'
import { type FrameLinkContext, frameHref } from '../../../shared/frame/links.ts'
import { parseLanguageParam } from '../../../shared/language.ts'

export interface FrameState {
  language: 'en' | 'zh'
  /** Path and query of the current page, as the request wrote them (still encoded). */
  currentUrl: string
  pathname: string
  /** A frame path as a link of this page (spec §5 rules, language kept when the URL names it). */
  href: (path: string) => string
}

/** What every piece of the frame needs to know about the current page. */
export function useFrame(base: string = SITE_BASE): FrameState {
  const { language, urlParsed } = usePageContext()
  const context: FrameLinkContext = {
    base,
    language,
    // The BFF drops `language` when it is the visitor's default, so a surviving one is a choice.
    carryLanguage: parseLanguageParam(urlParsed.search.language) === language,
  }
  return {
    language,
    // The raw path: the decoded one turns `/%09/evil` into `/<TAB>/evil`, which browsers read as `//evil`.
    currentUrl: `${urlParsed.pathnameOriginal}${urlParsed.searchOriginal ?? ''}`,
    pathname: urlParsed.pathname,
    href: (path) => frameHref(path, context),
  }
}
