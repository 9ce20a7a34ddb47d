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
  serverTranslatorsOfPage = new WeakMap()
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

/** Per page's declared list (one array per page, the same on every render), its namespaces. */
const namespacesOfPage = new WeakMap<object, readonly Namespace[]>()
/** Server only: per page's namespaces, the translator of each (language, extra namespaces). */
let serverTranslatorsOfPage = new WeakMap<readonly Namespace[], Map<string, Translator>>()
/** A page that declares none: the frame's alone. */
const FRAME_ONLY = withFrameNamespaces([])

/** The namespaces a page declared; the setting is cumulative, so a sub-page adds to its parent's. */
export function pageNamespaces(pageContext: Pick<PageContext, 'config'>): readonly Namespace[] {
  const declared = pageContext.config.namespaces
  if (!declared) return FRAME_ONLY
  let namespaces = namespacesOfPage.get(declared)
  if (!namespaces) {
    namespaces = withFrameNamespaces(declared.flat())
    namespacesOfPage.set(declared, namespaces)
  }
  return namespaces
}

/** The page's translator (server and browser): what +Wrapper provides, +title may use. */
export function pageI18n(
  pageContext: Pick<PageContext, 'config' | 'language'>,
  /** Namespaces the page does not declare, for a server-only part (+Head's `keywords`). */
  extra: readonly Namespace[] = [],
): Translator {
  const declared = pageNamespaces(pageContext)
  const namespaces = () => (extra.length ? withFrameNamespaces([...declared, ...extra]) : declared)
  // Node renders pages (server, tests); a window means the browser.
  if (typeof window !== 'undefined') return browserTranslator(pageContext.language, namespaces())
  if (!serverTranslator)
    throw new Error('The server translator is installed by +onCreateGlobalContext.server.ts')
  // A render asks ≈ 4 times (title, description, head, wrapper); the server has every namespace
  // from the start, so a page's translator never changes and is kept per page.
  let translators = serverTranslatorsOfPage.get(declared)
  if (!translators) {
    translators = new Map()
    serverTranslatorsOfPage.set(declared, translators)
  }
  const key = `${pageContext.language}:${extra.join(',')}`
  let translator = translators.get(key)
  if (!translator) {
    translator = serverTranslator(pageContext.language, namespaces())
    translators.set(key, translator)
  }
  return translator
}
