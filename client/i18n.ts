import type { PageContext } from 'vike/types'
import { translatorWith, withFrameNamespaces } from '../shared/i18n/loaded.ts'
import type { Namespace } from '../shared/i18n/namespaces.ts'
import type { Translator } from '../shared/i18n/translator.ts'

/**
 * Translations of a page: the frame's namespaces plus those its +config.ts declares
 * (`namespaces: ['reset']`), in the page's language only. See docs/pages.md; the browser fetches
 * them with ./load-translations.ts, the server has every one registered at start
 * (+onCreateGlobalContext.server.ts). Both sides translate with shared/i18n/translator.ts (ADR 0130).
 */

/** Per page's declared list (one array per page, the same on every render), its namespaces. */
const namespacesOfPage = new WeakMap<object, readonly Namespace[]>()
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

/** Per page's namespaces, the translator of each (language, extra namespaces) once complete. */
const translatorsOfPage = new WeakMap<readonly Namespace[], Map<string, Translator>>()

/** The page's translator (server and browser): what +Wrapper provides, +title may use. */
export function pageI18n(
  pageContext: Pick<PageContext, 'config' | 'language'>,
  /** Namespaces the page does not declare, for a server-only part (+Head's `keywords`). */
  extra: readonly Namespace[] = [],
): Translator {
  const declared = pageNamespaces(pageContext)
  // A render asks ≈ 4 times (title, description, head, wrapper): kept per page, without building
  // the set's key each time.
  let translators = translatorsOfPage.get(declared)
  if (!translators) {
    translators = new Map()
    translatorsOfPage.set(declared, translators)
  }
  const key = `${pageContext.language}:${extra.join(',')}`
  const kept = translators.get(key)
  if (kept) return kept
  const namespaces = extra.length ? withFrameNamespaces([...declared, ...extra]) : declared
  const translator = translatorWith(pageContext.language, namespaces)
  // Kept once every namespace has arrived (the browser fetches them before the first render).
  if (namespaces.every((namespace) => translator.hasNamespace(namespace))) translators.set(key, translator)
  return translator
}
