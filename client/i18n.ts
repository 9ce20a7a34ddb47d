import type { PageContext } from 'vike/types'
import { lightTranslator } from '../shared/i18n/light.ts'
import { bundlesOf, withFrameNamespaces } from '../shared/i18n/loaded.ts'
import type { Namespace } from '../shared/i18n/namespaces.ts'
import type { Translator } from '../shared/i18n/translator.ts'
import type { Language } from '../shared/language.ts'

/**
 * Translations of a page: the frame's namespaces plus those its +config.ts declares
 * (`namespaces: ['reset']`), in the page's language only. See docs/pages.md; the browser fetches
 * them with ./load-translations.ts. The server translates with i18next (installed by
 * +onCreateGlobalContext.server.ts), the browser with shared/i18n/light.ts (ADR 0065).
 */

export type TranslatorFactory = (language: Language, namespaces: readonly Namespace[]) => Translator

let serverTranslator: TranslatorFactory | undefined
const lightTranslators = new Map<string, Translator>()

/** Server only, once at start: every page render translates with i18next. */
export function translateOnServerWith(factory: TranslatorFactory): void {
  serverTranslator = factory
}

function browserTranslator(language: Language, namespaces: readonly Namespace[]): Translator {
  const key = `${language}:${namespaces.join(',')}`
  const cached = lightTranslators.get(key)
  if (cached) return cached
  const bundles = bundlesOf(language, namespaces)
  const translator = lightTranslator(language, bundles)
  // Kept (one identity for hooks' dependencies) once every namespace has arrived.
  if (Object.keys(bundles).length === namespaces.length) lightTranslators.set(key, translator)
  return translator
}

/** The namespaces a page declared; the setting is cumulative, so a sub-page adds to its parent's. */
export function pageNamespaces(pageContext: Pick<PageContext, 'config'>): Namespace[] {
  return withFrameNamespaces((pageContext.config.namespaces ?? []).flat())
}

/** The page's translator (server and browser): what +Wrapper provides, +title may use. */
export function pageI18n(
  pageContext: Pick<PageContext, 'config' | 'language'>,
  /** Namespaces the page does not declare, for a server-only part (+Head's `keywords`). */
  extra: readonly Namespace[] = [],
): Translator {
  const namespaces = extra.length
    ? withFrameNamespaces([...pageNamespaces(pageContext), ...extra])
    : pageNamespaces(pageContext)
  // Node renders pages (server, tests); a window means the browser.
  if (typeof window === 'undefined') {
    if (!serverTranslator)
      throw new Error('The server translator is installed by +onCreateGlobalContext.server.ts')
    return serverTranslator(pageContext.language, namespaces)
  }
  return browserTranslator(pageContext.language, namespaces)
}
