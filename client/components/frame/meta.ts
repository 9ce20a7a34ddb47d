import { marketingPageForPath } from '../../../shared/frame/pages.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import type { Language } from '../../../shared/language.ts'

/** The keywords of a page (spec §2: pages may set title, keywords, description). */
export function keywordsFor(pathname: string, language: Language): string {
  const { t } = i18nFor(language)
  if (pathname === '/') return t('frame:home.keywords')
  const page = marketingPageForPath(pathname)
  return page ? t(`frame:items.${page.id}.keywords`) : t('frame:page.defaultKeywords')
}
