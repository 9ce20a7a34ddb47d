import type { PageContext } from 'vike/types'
import { i18nFor } from '../../shared/i18n/index.ts'

/** Default description, so a page without its own never keeps the previous page's. */
export default (pageContext: PageContext) => i18nFor(pageContext.language).t('frame:page.defaultDescription')
