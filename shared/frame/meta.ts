import type { Language } from '../language.ts'
import { sameSitePath, withLanguageParam } from './links.ts'

export type Edition = 'international' | 'chinese'

/** The edition decides the default language (spec §1). */
export function editionLanguage(edition: Edition): Language {
  return edition === 'chinese' ? 'zh' : 'en'
}

/**
 * The canonical address of a page: its path (no trailing slash, no query), plus `language=` when
 * the page is not in the edition's language — the URL a visitor without a browser language (a
 * crawler) needs to get this language. Root-relative; +Head puts PUBLIC_ORIGIN in front when it is set.
 */
export function canonicalHref(pathname: string, language: Language, edition: Edition): string {
  const path = sameSitePath(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/'
  return language === editionLanguage(edition) ? path : withLanguageParam(path, language)
}
