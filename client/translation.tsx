import { cloneElement, createContext, type ReactElement, type ReactNode, useContext } from 'react'
import { DEFAULT_NAMESPACE, type Translate, type Translator } from '../shared/i18n/translator.ts'

/**
 * The pages' translation hooks: react-i18next's `useTranslation` and `Trans` call shape over the
 * page's Translator (client/i18n.ts; the same code on the server and in the browser, ADR 0130).
 */

const TranslatorContext = createContext<Translator | null>(null)

export function TranslationProvider({
  translator,
  children,
}: {
  translator: Translator
  children?: ReactNode
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>
}

/**
 * `t` for `namespace` (the first one when given several, as react-i18next does: the others are
 * reached with their `ns:` prefix) and the page's translator as `i18n`.
 */
export function useTranslation(namespace?: string | readonly string[]): { t: Translate; i18n: Translator } {
  const translator = useContext(TranslatorContext)
  if (!translator) throw new Error('useTranslation needs the TranslationProvider of +Wrapper.tsx')
  const first = typeof namespace === 'string' ? namespace : namespace?.[0]
  return { t: translator.fixedT(first ?? DEFAULT_NAMESPACE), i18n: translator }
}

/** `<name>text</name>` in a translation: `name` is a key of `components`, `text` its content. */
const TAG = /<(\w+)>(.*?)<\/\1>/gs

/**
 * A translation with elements inside (links, emphasis): each `<name>…</name>` of the text becomes
 * `components[name]` with the translated words as its children; values are interpolated first.
 * Tags do not nest in our texts (tests/shared/i18n/translator.test.ts checks the ones used).
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: Translate
  i18nKey: string
  values?: Record<string, unknown>
  components: Record<string, ReactElement>
}) {
  const text = t(i18nKey, values)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', content = ''] = match
    if (match.index > last) parts.push(text.slice(last, match.index))
    const element = components[name]
    parts.push(element ? cloneElement(element, { key: match.index }, content) : whole)
    last = match.index + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}
