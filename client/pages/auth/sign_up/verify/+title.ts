import type { PageContext } from 'vike/types'
import { i18nFor } from '../../../../../shared/i18n/index.ts'

export default (pageContext: PageContext) => i18nFor(pageContext.language).t('signUp:verify.title')
