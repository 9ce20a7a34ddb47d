import type { PageContext } from 'vike/types'
import { externalPageFor } from '../../../shared/external-login/app.ts'

/**
 * The external sign-in and connect app lives under a base path chosen by configuration
 * (EXTERNAL_APP_BASE, ADR 0040), so its route is a function of that base, not a file path. Every
 * path under the base matches; one outside the known page list becomes that app's 404 (+guard.ts).
 */
export default (pageContext: PageContext) => {
  const base = pageContext.externalApp?.basePath
  if (!base) return false
  const path = pageContext.urlPathname
  if (path !== base && !path.startsWith(`${base}/`)) return false
  return { routeParams: { page: externalPageFor(path.slice(base.length)) ?? 'notFound' } }
}
