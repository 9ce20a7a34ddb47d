import type { i18n } from 'i18next'
import type { PageContext } from 'vike/types'
import { i18nWith, withFrameNamespaces } from '../shared/i18n/instance.ts'
import type { Namespace } from '../shared/i18n/namespaces.ts'

/**
 * Translations of a page: the frame's namespaces plus those its +config.ts declares
 * (`namespaces: ['reset']`), in the page's language only. See docs/pages.md; the browser fetches
 * them with ./load-translations.ts.
 */

/** The namespaces a page declared; the setting is cumulative, so a sub-page adds to its parent's. */
export function pageNamespaces(pageContext: Pick<PageContext, 'config'>): Namespace[] {
  return withFrameNamespaces((pageContext.config.namespaces ?? []).flat())
}

/** The page's i18next instance (server and browser): what +Wrapper provides, +title may use. */
export function pageI18n(pageContext: Pick<PageContext, 'config' | 'language'>): i18n {
  return i18nWith(pageContext.language, pageNamespaces(pageContext))
}
