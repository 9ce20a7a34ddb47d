import type { PageContext } from 'vike/types'
import { pageI18n } from '../../i18n.ts'

export default (pageContext: PageContext) => pageI18n(pageContext).t('home:metaDescription')
