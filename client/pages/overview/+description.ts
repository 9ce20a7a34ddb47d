import type { PageContext } from 'vike/types'
import { i18nFor } from '../../../shared/i18n/index.ts'

export default (pageContext: PageContext) => {
  const { t } = i18nFor(pageContext.language)
  const id = pageContext.routeParams.id
  return `${t(`frame:items.${id}.desc`)}. ${t(`frame:items.${id}.body`)}`
}
