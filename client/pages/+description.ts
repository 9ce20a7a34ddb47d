import type { PageContext } from 'vike/types'
import { pageI18n } from '../i18n.ts'

/** Default description, so a page without its own never keeps the previous page's. */
export default (pageContext: PageContext) => pageI18n(pageContext).t('frame:page.defaultDescription')
