import type { PageContext } from 'vike/types'
import { i18nFor } from '../../../shared/i18n/index.ts'

export default (pageContext: PageContext) => {
  const t = i18nFor(pageContext.language).t
  const prefix = pageContext.externalApp.runtimeConfig.TEXT_PREFIX
  return pageContext.routeParams.page === 'connect'
    ? t('external:connectTitle', { prefix })
    : t('external:signInTitle', { prefix })
}
