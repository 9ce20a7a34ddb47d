/**
 * When the page frame (bar and footer) is not shown (spec §2). Each case is detected from
 * something both the server render and the browser can see, so the SSR HTML is already right:
 *
 * - desktop app: the embedding desktop workbench adds `SobotDesktop/<version>` to its user agent;
 * - aloneItem: the page component carries a static `aloneItem = true` (as the old pages did);
 * - oauth connect: the URL has `oauth=connect` (the connect wrapper's channel-authorization flow),
 *   or the page is part of a connect whatever its URL says (issue 18 point 15): the consent and
 *   outcome pages, and the sign-in that returns to the consent.
 */

export const DESKTOP_APP_USER_AGENT = /\bSobotDesktop\//i
export const OAUTH_CONTEXT_PARAM = 'oauth'
export const OAUTH_CONNECT_VALUE = 'connect'

/** The pages of a channel connect: no marketing bar or free-trial button while one is under way. */
export const CONNECT_PAGES: ReadonlySet<string> = new Set(['/auth/channel_auth', '/auth/channel_authStatus'])

export type FrameHiddenReason = 'desktopApp' | 'aloneItem' | 'oauthConnect'

export interface FrameVisibilityInput {
  userAgent: string | undefined
  /** Parsed query of the current URL. */
  search: Record<string, string | undefined>
  /** The page's own flag. */
  aloneItem: boolean
  /** The page's path: the pages of a connect hide the frame by themselves. */
  pathname?: string
  /** The external app's base path: anything under it (its 404 too) has the app's own frame. */
  externalBase?: string
}

export function isEmbeddedInDesktopApp(userAgent: string | undefined): boolean {
  return DESKTOP_APP_USER_AGENT.test(userAgent ?? '')
}

export function isOauthConnectContext(search: Record<string, string | undefined>, pathname = ''): boolean {
  if (search[OAUTH_CONTEXT_PARAM] === OAUTH_CONNECT_VALUE) return true
  if (CONNECT_PAGES.has(pathname)) return true
  // The sign-in in the middle of a connect ("sign in first" on the consent page).
  const back = search.return?.split('?')[0]
  return pathname === '/auth/sign_in' && back !== undefined && CONNECT_PAGES.has(back)
}

/** Why the frame is hidden, or null when it is shown. */
export function frameHiddenReason(input: FrameVisibilityInput): FrameHiddenReason | null {
  if (isEmbeddedInDesktopApp(input.userAgent)) return 'desktopApp'
  if (input.aloneItem) return 'aloneItem'
  const { pathname = '', externalBase } = input
  if (externalBase && (pathname === externalBase || pathname.startsWith(`${externalBase}/`)))
    return 'aloneItem'
  if (isOauthConnectContext(input.search, input.pathname)) return 'oauthConnect'
  return null
}

/** A page component flagged `aloneItem` (e.g. `SignUpPage.aloneItem = true`). */
export function isAloneItem(page: unknown): boolean {
  return typeof page === 'function' && (page as { aloneItem?: unknown }).aloneItem === true
}
