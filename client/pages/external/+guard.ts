import { render } from 'vike/abort'
import type { PageContext } from 'vike/types'

/** A path under the app's base that is not one of its pages is that app's 404 (see _error/+Page.tsx). */
export default (pageContext: PageContext) => {
  if (pageContext.routeParams.page === 'notFound') throw render(404)
}
