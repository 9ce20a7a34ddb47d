import i18next, { type i18n } from 'i18next'
import type { Language } from '../language.ts'
import { FRAME_NAMESPACES, type Messages, type Namespace } from './namespaces.ts'

/**
 * i18next instances built from the namespaces loaded so far, with no resource imports of its own:
 * the server registers every namespace at start (./index.ts); the browser only the ones its pages
 * declared, in the current language (client/i18n.ts). So this file may be in any client chunk.
 */

const loaded: Record<Language, Partial<Record<Namespace, Messages>>> = { en: {}, zh: {} }
const instances = new Map<string, i18n>()

export function addTranslations(language: Language, namespace: Namespace, messages: Messages): void {
  loaded[language][namespace] = messages
}

export function hasTranslations(language: Language, namespace: Namespace): boolean {
  return loaded[language][namespace] !== undefined
}

/** The frame's namespaces and `namespaces`, in a stable order, once each. */
export function withFrameNamespaces(namespaces: readonly Namespace[]): Namespace[] {
  return [...new Set<Namespace>([...FRAME_NAMESPACES, ...namespaces])].sort()
}

/**
 * An instance holding exactly the frame's namespaces and `namespaces` in `language`, shared by
 * every render that asks for the same set. A page that uses a namespace it did not declare shows
 * the raw key on the server too, not only in the browser. Safe to share: nobody calls
 * changeLanguage on them. Not cached while a namespace is still missing.
 */
export function i18nWith(language: Language, namespaces: readonly Namespace[]): i18n {
  const wanted = withFrameNamespaces(namespaces)
  const key = `${language}:${wanted.join(',')}`
  const cached = instances.get(key)
  if (cached) return cached
  const bundles = Object.fromEntries(
    wanted.flatMap((namespace) => {
      const messages = loaded[language][namespace]
      return messages ? [[namespace, messages]] : []
    }),
  )
  const instance = i18next.createInstance()
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: bundles },
    ns: wanted,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  })
  if (Object.keys(bundles).length === wanted.length) instances.set(key, instance)
  return instance
}
