import i18next, { type i18n } from 'i18next'
import type { Language } from '../language.ts'
import { NAMESPACES, resources } from './resources.ts'

const instances = new Map<Language, i18n>()

/**
 * One initialised i18next instance per language, shared by every render. Safe because nobody
 * calls changeLanguage on them: a page in another language uses the other instance.
 */
export function i18nFor(language: Language): i18n {
  let instance = instances.get(language)
  if (!instance) {
    instance = i18next.createInstance()
    void instance.init({
      lng: language,
      fallbackLng: false,
      resources,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    })
    instances.set(language, instance)
  }
  return instance
}
