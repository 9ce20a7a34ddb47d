import type { PageContext } from 'vike/types'
import { i18nFor } from '../../../shared/i18n/index.ts'

export default (pageContext: PageContext) => {
  const { t } = i18nFor(pageContext.language)
  return t('frame:page.metaTitle', { title: t(`frame:items.${pageContext.routeParams.id}.title`) })
}
