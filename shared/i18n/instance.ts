import i18next, { type i18n } from 'i18next'
import type { Language } from '../language.ts'
import { bundlesOf, withFrameNamespaces } from './loaded.ts'
import type { Namespace } from './namespaces.ts'
import { DEFAULT_NAMESPACE, type Translate, type Translator } from './translator.ts'

/**
 * i18next instances built from the namespaces loaded so far (./loaded.ts). Server and tests only:
 * the browser translates with ./light.ts (ADR 0065), so no page chunk imports this file.
 */

const instances = new Map<string, i18n>()
/** Answers kept per translate function: above the number of keys any namespace has. */
const PLAIN_TEXTS_KEPT = 2000
const translators = new WeakMap<i18n, Translator>()

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
  const bundles = bundlesOf(language, wanted)
  const instance = i18next.createInstance()
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: bundles },
    ns: wanted,
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  })
  if (Object.keys(bundles).length === wanted.length) instances.set(key, instance)
  return instance
}

/** The pages' translator backed by an i18next instance (the server's), one per instance. */
export function translatorOf(instance: i18n): Translator {
  const known = translators.get(instance)
  if (known) return known
  const fixed = new Map<string, Translate>()
  const language = instance.language as Language
  // i18next's TFunction is typed for key checking this project does not use; the call shape is ours.
  const asTranslate = (t: unknown) => t as Translate
  const translator: Translator = {
    language,
    t: keepingPlainTexts(asTranslate(instance.t.bind(instance))),
    exists: (key) => instance.exists(key),
    fixedT: (namespace) => {
      let t = fixed.get(namespace)
      if (!t) {
        t = keepingPlainTexts(asTranslate(instance.getFixedT(language, namespace)))
        fixed.set(namespace, t)
      }
      return t
    },
    // Not hasLoadedNamespace: with resources given at init it is true for any name.
    hasNamespace: (namespace) => instance.hasResourceBundle(language, namespace),
  }
  translators.set(instance, translator)
  return translator
}

/**
 * `translate`, keeping the answer of each call without options. An instance's texts never change
 * once built (no changeLanguage, no added bundles), so such a call always answers the same.
 * i18next's `t()` (key parsing, namespace and nesting checks) was ≈ 7 % of a page render; most
 * calls of a page name a key and nothing else. A call with options (values, a default) is i18next's.
 */
function keepingPlainTexts(translate: Translate): Translate {
  const plainTexts = new Map<string, string>()
  return (key, options) => {
    if (options !== undefined) return translate(key, options)
    let text = plainTexts.get(key)
    if (text === undefined) {
      text = translate(key)
      // Bounded: some keys are built from data (`items.${id}.title`); none from a visitor's
      // input today, but a later one must not be able to grow this map without end.
      if (plainTexts.size < PLAIN_TEXTS_KEPT) plainTexts.set(key, text)
    }
    return text
  }
}
