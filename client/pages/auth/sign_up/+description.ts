import type { PageContext } from 'vike/types'
import { pageI18n } from '../../../i18n.ts'

/** The trial's own description (issue 18 point 16), not the site's generic one. */
export default (pageContext: PageContext) => pageI18n(pageContext).t('signUp:metaDescription')
