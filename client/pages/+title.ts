import type { PageContext } from 'vike/types'
import { i18nFor } from '../../shared/i18n/index.ts'

/** Default title, so a page without its own never keeps the previous page's after navigation. */
export default (pageContext: PageContext) => i18nFor(pageContext.language).t('frame:home.metaTitle')
