import type { PageContext } from 'vike/types'
import { pageI18n } from '../../i18n.ts'

export default (pageContext: PageContext) => {
  const { t } = pageI18n(pageContext)
  const id = pageContext.routeParams.id
  return `${t(`frame:items.${id}.desc`)}. ${t(`overview:body.${id}`)}`
}
