/**
 * When the page frame (bar and footer) is not shown (spec §2). Each case is detected from
 * something both the server render and the browser can see, so the SSR HTML is already right:
 *
 * - desktop app: the embedding desktop workbench adds `SobotDesktop/<version>` to its user agent;
 * - aloneItem: the page component carries a static `aloneItem = true` (as the old pages did);
 * - oauth connect: the URL has `oauth=connect` (the connect wrapper's channel-authorization flow).
 */

export const DESKTOP_APP_USER_AGENT = /\bSobotDesktop\//i
export const OAUTH_CONTEXT_PARAM = 'oauth'
export const OAUTH_CONNECT_VALUE = 'connect'

export type FrameHiddenReason = 'desktopApp' | 'aloneItem' | 'oauthConnect'

export interface FrameVisibilityInput {
  userAgent: string | undefined
  /** Parsed query of the current URL. */
  search: Record<string, string | undefined>
  /** The page's own flag. */
  aloneItem: boolean
}

export function isEmbeddedInDesktopApp(userAgent: string | undefined): boolean {
  return DESKTOP_APP_USER_AGENT.test(userAgent ?? '')
}

export function isOauthConnectContext(search: Record<string, string | undefined>): boolean {
  return search[OAUTH_CONTEXT_PARAM] === OAUTH_CONNECT_VALUE
}

/** Why the frame is hidden, or null when it is shown. */
export function frameHiddenReason(input: FrameVisibilityInput): FrameHiddenReason | null {
  if (isEmbeddedInDesktopApp(input.userAgent)) return 'desktopApp'
  if (input.aloneItem) return 'aloneItem'
  if (isOauthConnectContext(input.search)) return 'oauthConnect'
  return null
}

/** A page component flagged `aloneItem` (e.g. `SignUpPage.aloneItem = true`). */
export function isAloneItem(page: unknown): boolean {
  return typeof page === 'function' && (page as { aloneItem?: unknown }).aloneItem === true
}
