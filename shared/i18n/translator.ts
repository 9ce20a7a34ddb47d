import type { Language } from '../language.ts'
import type { Messages } from './namespaces.ts'

/**
 * The one translator of the product (ADR 0130): server renders, the BFF's own messages and the
 * browser all look texts up with this code, so what hydration finds is what the server wrote by
 * construction. It does what the texts use — `ns:` prefix and `ns` option, dotted keys,
 * `{{value}}` interpolation without escaping (React escapes), `defaultValue`, the key itself when
 * a text is missing — and nothing else: no plural forms (tests/shared/i18n/translator.test.ts
 * refuses plural keys), no nesting, no formatters.
 */

/** The options of a `t()` call the texts use. */
export interface TranslateOptions {
  /** The namespace of this call (instead of the default one, or of a `ns:` prefix). */
  ns?: string
  /** The text when the key is missing (interpolated like a found text). */
  defaultValue?: string
  /** Interpolation values (`{{name}}`); `count` too, which the texts use as a plain value. */
  [value: string]: unknown
}

export type Translate = (key: string, options?: TranslateOptions) => string

export interface Translator {
  readonly language: Language
  /** `t()` with `common` as the default namespace. */
  t: Translate
  /** Whether `key` (with its `ns:` prefix, or in `common`) has a text. */
  exists(key: string): boolean
  /** `t()` whose default namespace is `namespace` (what `useTranslation(namespace)` gives). */
  fixedT(namespace: string): Translate
  /** Whether the page declared `namespace` and its texts are there. */
  hasNamespace(namespace: string): boolean
}

/** The namespace every `t()` falls back to when none is named. */
export const DEFAULT_NAMESPACE = 'common'

const PLACEHOLDER = /\{\{(.+?)\}\}/g

/**
 * Every text of a namespace by its dotted key, built once per messages object: a lookup is one
 * `Map.get` (a render asks for a hundred-odd texts; the server renders thousands of pages).
 */
const flattened = new WeakMap<Messages, ReadonlyMap<string, string>>()

function textsOf(messages: Messages): ReadonlyMap<string, string> {
  let texts = flattened.get(messages)
  if (!texts) {
    const found = new Map<string, string>()
    const walk = (node: Messages, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string') found.set(`${prefix}${key}`, value)
        else walk(value, `${prefix}${key}.`)
      }
    }
    walk(messages, '')
    texts = found
    flattened.set(messages, texts)
  }
  return texts
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (options === undefined || !text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options[name.trim()]
    // A placeholder without a value stays as it is: a missing value shows, it is not hidden.
    return value === undefined || value === null ? placeholder : String(value)
  })
}

/** A translator over `bundles` (namespace → messages) in `language`. */
export function createTranslator(
  language: Language,
  bundles: Readonly<Partial<Record<string, Messages>>>,
): Translator {
  const resolve = (key: string, namespace: string, options?: TranslateOptions) => {
    const separator = key.indexOf(':')
    // A `ns:` prefix wins over the `ns` option, which wins over the default.
    const ns = separator > 0 ? key.slice(0, separator) : (options?.ns ?? namespace)
    const path = separator > 0 ? key.slice(separator + 1) : key
    const messages = bundles[ns]
    return { text: messages ? textsOf(messages).get(path) : undefined, path }
  }
  // One function per namespace: hooks list `t` among their dependencies, and a new `t` on every
  // render would re-run their effects (a captcha would restart after each render).
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
