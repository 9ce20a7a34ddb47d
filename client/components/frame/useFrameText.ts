import { useTranslation } from '../../translation.tsx'

/** Frame texts already looked up, per language: the resources never change while a process runs. */
const textsByLanguage = new Map<string, Map<string, string>>()

/**
 * The frame's translation function, memoised per language and key. The frame shows the same
 * hundred-odd texts on every page, and the server's i18next `t()` (key parsing, fallbacks,
 * interpolation checks) was ≈ 12 % of a render's CPU (issue 8, point 4). A text is kept only once the frame's
 * namespace is loaded, so a key looked up while a language is still arriving is asked again.
 */
export function useFrameText(): (key: string) => string {
  const { t, i18n } = useTranslation('frame')
  const ready = i18n.hasNamespace('frame')
  let texts = textsByLanguage.get(i18n.language)
  if (!texts) {
    texts = new Map()
    textsByLanguage.set(i18n.language, texts)
  }
  const known = texts
  return (key) => {
    const cached = known.get(key)
    if (cached !== undefined) return cached
    const text = t(key)
    if (ready) known.set(key, text)
    return text
  }
}
