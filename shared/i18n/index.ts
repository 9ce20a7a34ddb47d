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

/** An instance with every namespace in `language`, shared by every caller. */
export function i18nFor(language: Language): i18n {
  return i18nWith(language, NAMESPACES)
}
