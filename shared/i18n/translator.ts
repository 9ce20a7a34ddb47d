import type { Language } from '../language.ts'

/**
 * What the pages need from a translation library (ADR 0065): i18next's call shape, so the server
 * can hand its i18next instance over unchanged and the browser a light one (./light.ts).
 */

/** The options of a `t()` call these pages use, named as i18next names them. */
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

/** The namespace every `t()` falls back to when none is named (i18next's `defaultNS`). */
export const DEFAULT_NAMESPACE = 'common'
