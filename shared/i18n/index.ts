import type { i18n } from 'i18next'
import type { Language } from '../language.ts'
import { i18nWith } from './instance.ts'
import { addTranslations } from './loaded.ts'
import { NAMESPACES, resources } from './resources.ts'

/**
 * Server side: every namespace of both languages, registered once. Pages never import this file
 * (it holds every translation); they get theirs through client/i18n.ts.
 */
for (const language of Object.keys(resources) as Language[]) {
  for (const namespace of NAMESPACES) addTranslations(language, namespace, resources[language][namespace])
}

const everyNamespace = new Map<Language, i18n>()

/**
 * An instance with every namespace in `language`, shared by every caller. Kept per language here:
 * every `/api` answer asks for it, and the set's cache key (sorting and joining every namespace's
 * name) cost more than the lookup (ADR 0094). Every namespace is registered above, so the instance
 * never changes.
 */
export function i18nFor(language: Language): i18n {
  let instance = everyNamespace.get(language)
  if (!instance) {
    instance = i18nWith(language, NAMESPACES)
    everyNamespace.set(language, instance)
  }
  return instance
}
