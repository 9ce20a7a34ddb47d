import type { Language } from '../language.ts'
import { addTranslations, translatorWith } from './loaded.ts'
import { NAMESPACES, resources } from './resources.ts'
import type { Translator } from './translator.ts'

/**
 * Server side: every namespace of both languages. Pages never import this file (it holds every
 * translation); they get theirs through client/i18n.ts.
 */
let registered = false

/** Registers every namespace of both languages once (server start, tests). */
export function registerEveryTranslation(): void {
  if (registered) return
  registered = true
  for (const language of Object.keys(resources) as Language[]) {
    for (const namespace of NAMESPACES) addTranslations(language, namespace, resources[language][namespace])
  }
}

const everyNamespace = new Map<Language, Translator>()

/**
 * A translator with every namespace in `language`, shared by every caller (the BFF's own
 * messages). Kept per language here: every `/api` answer asks for it, and the set's cache key
 * (sorting and joining every namespace's name) cost more than the lookup (ADR 0094).
 */
export function i18nFor(language: Language): Translator {
  let translator = everyNamespace.get(language)
  if (!translator) {
    registerEveryTranslation()
    translator = translatorWith(language, NAMESPACES)
    everyNamespace.set(language, translator)
  }
  return translator
}
