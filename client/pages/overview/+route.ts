import type { PageContext } from 'vike/types'
import { marketingPageForPath } from '../../../shared/frame/pages.ts'

/** Only the known marketing paths (shared/frame/pages.ts) match; any other path stays a 404. */
export default (pageContext: PageContext) => {
  const page = marketingPageForPath(pageContext.urlPathname)
  return page ? { routeParams: { id: page.id } } : false
}
