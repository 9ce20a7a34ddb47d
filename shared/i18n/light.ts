import type { Language } from '../language.ts'
import type { Messages } from './namespaces.ts'
import { DEFAULT_NAMESPACE, type Translate, type TranslateOptions, type Translator } from './translator.ts'

/**
 * The browser's translator (ADR 0065): the subset of i18next's `t()` these pages use — `ns:` and
 * `ns` option, dotted keys, `{{value}}` interpolation without escaping (React escapes),
 * `defaultValue`, the key itself when a text is missing — over the namespaces a page loaded.
 * ≈ 0.5 KB instead of i18next's ≈ 16 KB gzip. The server keeps i18next; tests/shared/i18n/light.test.ts
 * requires both to return the same string for every key of every namespace in both languages, so
 * hydration finds the server's text. Plural keys (`_one`, `_other`) are not supported: that test
 * refuses them in the resources.
 */

const PLACEHOLDER = /\{\{(.+?)\}\}/g

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: Messages | string | undefined = messages
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options?.[name.trim()]
    // i18next leaves a placeholder without a value as it is (`skipOnVariables`).
    return value === undefined || value === null ? placeholder : String(value)
  })
}

export function lightTranslator(
  language: Language,
  bundles: Readonly<Partial<Record<string, Messages>>>,
): Translator {
  const resolve = (key: string, namespace: string, options?: TranslateOptions) => {
    const separator = key.indexOf(':')
    // As in i18next, a `ns:` prefix wins over the `ns` option, which wins over the default.
    const ns = separator > 0 ? key.slice(0, separator) : (options?.ns ?? namespace)
    const path = separator > 0 ? key.slice(separator + 1) : key
    return { text: lookup(bundles[ns], path), path }
  }
  // One function per namespace, as react-i18next gave: hooks list `t` among their dependencies, and
  // a new `t` on every render would re-run their effects (a captcha would restart after each render).
  const fixed = new Map<string, Translate>()
  const fixedT = (namespace: string): Translate => {
    let t = fixed.get(namespace)
    if (!t) {
      t = (key, options) => {
        const { text, path } = resolve(key, namespace, options)
        const found = text ?? options?.defaultValue
        return found === undefined ? path : interpolate(found, options)
      }
      fixed.set(namespace, t)
    }
    return t
  }
  return {
    language,
    t: fixedT(DEFAULT_NAMESPACE),
    exists: (key) => resolve(key, DEFAULT_NAMESPACE).text !== undefined,
    fixedT,
    hasNamespace: (namespace) => bundles[namespace] !== undefined,
  }
}
