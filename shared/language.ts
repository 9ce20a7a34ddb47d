export const LANGUAGES = ['en', 'zh'] as const
export type Language = (typeof LANGUAGES)[number]

/** `language=zh|zh_CN` → Chinese, `en|en_US` → English (spec §2); anything else is not a choice. */
export function parseLanguageParam(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined
  const normalised = value.trim().toLowerCase().replace('-', '_')
  if (normalised === 'zh' || normalised === 'zh_cn') return 'zh'
  if (normalised === 'en' || normalised === 'en_us') return 'en'
  return undefined
}

/**
 * The `language` query parameter of a page URL. Besides the values above, an empty value means
 * Chinese: the marketing links write Chinese as `language=` (spec §9), so it must read back so.
 */
export function parseLanguageQuery(value: unknown): Language | undefined {
  if (value === '') return 'zh'
  return parseLanguageParam(value)
}

/** The first language of an Accept-Language header that we serve, by quality order. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number.parseFloat(q.slice(2)) : 1
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh'
    if (tag === 'en' || tag.startsWith('en-')) return 'en'
  }
  return undefined
}

/**
 * Spec §2 without a `language` parameter: "English when the browser is not Chinese and the app is
 * in a particular mode, otherwise Chinese". The particular mode is the international edition (ADR
 * 0062): there the browser decides (its first language we serve; English when it names neither);
 * the Chinese edition (`editionLanguage` 'zh') is Chinese whatever the browser asks for.
 */
export function languageWithoutParam(editionLanguage: Language, acceptLanguage: unknown): Language {
  if (editionLanguage === 'zh') return 'zh'
  return languageFromAcceptLanguage(typeof acceptLanguage === 'string' ? acceptLanguage : undefined) ?? 'en'
}

/** The value the marketing links put in `language=` (spec §9: Chinese is empty, else en_US). */
export function signUpLanguageQuery(language: Language): string {
  return language === 'zh' ? '' : 'en_US'
}
