import type { PageContext } from 'vike/types'
import { pageI18n } from '../../i18n.ts'

export default (pageContext: PageContext) => {
  const t = pageI18n(pageContext).t
  const prefix = pageContext.externalApp.runtimeConfig.TEXT_PREFIX
  return pageContext.routeParams.page === 'connect'
    ? t('external:connectTitle', { prefix })
    : t('external:signInTitle', { prefix })
}
