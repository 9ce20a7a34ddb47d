import type { PageContext } from 'vike/types'
import { pageI18n } from '../../i18n.ts'

export default (pageContext: PageContext) => {
  const { t } = pageI18n(pageContext)
  return t('overview:metaTitle', { title: t(`frame:items.${pageContext.routeParams.id}.title`) })
}
