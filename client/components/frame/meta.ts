import { marketingPageForPath } from '../../../shared/frame/pages.ts'
import type { Translate } from '../../../shared/i18n/translator.ts'

/** The keywords of a page (spec §2: pages may set title, keywords, description). */
export function keywordsFor(pathname: string, t: Translate): string {
  if (pathname === '/') return t('keywords:home')
  const page = marketingPageForPath(pathname)
  return page ? t(`keywords:pages.${page.id}`) : t('keywords:default')
}
