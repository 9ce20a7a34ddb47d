import type { PageContext } from 'vike/types'
import { addTranslations, hasTranslations, translatorWith } from '../shared/i18n/loaded.ts'
import type { Messages, Namespace } from '../shared/i18n/namespaces.ts'
import type { Translator } from '../shared/i18n/translator.ts'
import type { Language } from '../shared/language.ts'
import { pageNamespaces } from './i18n.ts'

// Each locale file is its own chunk, fetched only when a page in that language needs it. The
// namespace is the file name, as registered in shared/i18n/resources.ts.
const localeModules = import.meta.glob<Messages>('../shared/i18n/locales/*/*.ts', { import: 'default' })
const LOCALE_FILE = /\/locales\/(\w+)\/(\w+)\.ts$/
const loaders = new Map<string, () => Promise<Messages>>()
for (const [file, load] of Object.entries(localeModules)) {
  const match = LOCALE_FILE.exec(file)
  if (match) loaders.set(`${match[1]}:${match[2]}`, load)
}

/**
 * Browser only, before a page renders (+onBeforeRenderClient): fetches the namespaces it lacks in
 * the page's language. On the server everything is registered already, so this does nothing.
 */
export async function loadPageTranslations(pageContext: Pick<PageContext, 'config' | 'language'>) {
  await loadTranslations(pageContext.language, pageNamespaces(pageContext))
}

/**
 * Browser only: a translator over namespaces no page declared, fetched when first asked for (the
 * keywords after a client-side navigation, ADR 0085).
 */
export async function loadTranslator(
  language: Language,
  namespaces: readonly Namespace[],
): Promise<Translator> {
  await loadTranslations(language, namespaces)
  return translatorWith(language, namespaces)
}

async function loadTranslations(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !hasTranslations(language, namespace))
  await Promise.all(
    missing.map(async (namespace) => {
      const load = loaders.get(`${language}:${namespace}`)
      if (!load) throw new Error(`No translations for ${language}:${namespace}`)
      addTranslations(language, namespace, await load())
    }),
  )
}
