import type { Language } from '../language.ts'
import { FRAME_NAMESPACES, type Messages, type Namespace } from './namespaces.ts'

/**
 * The namespaces loaded so far, per language, with no translation library attached: the server
 * registers every namespace at start (./index.ts); the browser only the ones its pages declared,
 * in the current language (client/load-translations.ts). So this file may be in any client chunk.
 */

const loaded: Record<Language, Partial<Record<Namespace, Messages>>> = { en: {}, zh: {} }

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
