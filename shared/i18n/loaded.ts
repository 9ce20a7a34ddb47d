import type { Language } from '../language.ts'
import { FRAME_NAMESPACES, type Messages, type Namespace } from './namespaces.ts'
import { createTranslator, type Translator } from './translator.ts'

/**
 * The namespaces loaded so far, per language: the server registers every namespace at start
 * (./index.ts); the browser only the ones its pages declared, in the current language
 * (client/load-translations.ts). So this file may be in any client chunk.
 */

const loaded: Record<Language, Partial<Record<Namespace, Messages>>> = { en: {}, zh: {} }
const translators = new Map<string, Translator>()

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

/** The loaded messages of `namespaces` (already with the frame's) in `language`; missing ones left out. */
export function bundlesOf(
  language: Language,
  namespaces: readonly Namespace[],
): Partial<Record<Namespace, Messages>> {
  return Object.fromEntries(
    namespaces.flatMap((namespace) => {
      const messages = loaded[language][namespace]
      return messages ? [[namespace, messages]] : []
    }),
  )
}

/**
 * A translator holding exactly the frame's namespaces and `namespaces` in `language`, one per set
 * (hooks depend on its identity). A page that uses a namespace it did not declare shows the raw
 * key, on the server as in the browser. Not kept while a namespace is still missing: it is built
 * again once the namespace has arrived.
 */
export function translatorWith(language: Language, namespaces: readonly Namespace[]): Translator {
  const wanted = withFrameNamespaces(namespaces)
  const key = `${language}:${wanted.join(',')}`
  const cached = translators.get(key)
  if (cached) return cached
  const bundles = bundlesOf(language, wanted)
  const translator = createTranslator(language, bundles)
  if (Object.keys(bundles).length === wanted.length) translators.set(key, translator)
  return translator
}
