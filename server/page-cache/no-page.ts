import { resolveRoute } from 'vike/routing'
import { getGlobalContextAsync } from 'vike/server'

/** Answers whether no page of the build can answer `pathname`: then Vike would render its 404. */
export type NoPageAt = (pathname: string) => Promise<boolean>

/**
 * A path a cached 404 may echo as it came: segments of unreserved characters only, none `.` or
 * `..`, no trailing slash. Such a path reads the same decoded and raw, in an attribute, in text
 * and in JSON, so the one string fits every place the page shows it; Vike neither normalises nor
 * redirects it. Any other path (percent-encoded, a trailing slash, `//`) is rendered per request.
 */
const ECHOABLE_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/
/** Longer paths are rendered per request: one stored deflate block holds the echo. */
const ECHOABLE_PATH_MAX = 512

export function isEchoablePath(pathname: string): boolean {
  return pathname.length <= ECHOABLE_PATH_MAX && ECHOABLE_PATH.test(pathname)
}

/**
 * Vike's routing, asked ahead of a render through its public parts (`globalContext.pages`,
 * `resolveRoute`): a path no page's Route String matches and every route function declines is a
 * 404 before any render. Route functions get `context` (what a render's pageContext holds) with
 * the path; one that throws, or a build that routes with `onBeforeRoute` or `redirects`, counts as
 * a possible page, so the request is rendered as before.
 */
export async function noPageMatcher(context: Record<string, unknown>): Promise<NoPageAt> {
  const globalContext = await getGlobalContextAsync(true)
  const config = globalContext.config as Record<string, unknown>
  if (config.onBeforeRoute !== undefined || config.redirects !== undefined) return async () => false
  const routes = Object.values(globalContext.pages).flatMap((page) => (page.route ? [page.route] : []))
  return async (pathname) => {
    if (!isEchoablePath(pathname)) return false
    for (const route of routes) {
      if (typeof route === 'string') {
        if (resolveRoute(route, pathname).match) return false
        continue
      }
      // Vike hands a route function its full pageContext; ours read the path and the render's fields.
      const pageContext = { ...context, urlOriginal: pathname, urlPathname: pathname } as Parameters<
        typeof route
      >[0]
      try {
        if ((await route(pageContext)) !== false) return false
      } catch {
        return false
      }
    }
    return true
  }
}
