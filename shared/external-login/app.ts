import { RET_CODES } from '../api/ret-codes.ts'
import type { ExternalMode, Provider } from './query.ts'

/**
 * The standalone external sign-in and connect app (spec §2 "sign-in and connect wrapper"): its
 * pages relative to its base path. Only these are routes; any other path under the base is that
 * app's 404.
 */
export const EXTERNAL_PAGES = {
  signIn: '/',
  connect: '/connect',
} as const
export type ExternalPage = keyof typeof EXTERNAL_PAGES

/** The page of the app a path names (base already removed), if it is one of the known list. */
export function externalPageFor(rest: string): ExternalPage | undefined {
  const path = rest === '' ? '/' : rest.length > 1 ? rest.replace(/\/+$/, '') : rest
  for (const [page, pagePath] of Object.entries(EXTERNAL_PAGES))
    if (pagePath === path) return page as ExternalPage
  return undefined
}

/** The address of one of the app's pages. */
export function externalPagePath(base: string, page: ExternalPage): string {
  const path = EXTERNAL_PAGES[page]
  return path === '/' ? base : `${base}${path}`
}

/** Which flow a provider is used for in this app: identity providers sign in, the rest connect. */
export const PROVIDER_MODE: Record<Provider, ExternalMode> = {
  microsoft: 'signIn',
  saml: 'signIn',
  salesforce: 'connect',
  shopify: 'connect',
  tikTok: 'connect',
  xiaohongshu: 'connect',
  lazada: 'connect',
}

/** The page a provider returns to. */
export function returnPage(provider: Provider): ExternalPage {
  return PROVIDER_MODE[provider] === 'signIn' ? 'signIn' : 'connect'
}

/**
 * Link rewriting of spec §2 and §5: links starting with http or // are left as they are; other
 * paths get the base path (minus a trailing slash); on a connect flow the saved external-login
 * query is appended.
 */
export function rewriteLink(href: string, base: string, savedQuery?: Record<string, string>): string {
  if (/^(?:https?:)?\/\//i.test(href)) return href
  const trimmedBase = base.replace(/\/+$/, '')
  const [pathAndQuery = '', hash] = href.split('#', 2)
  const [path = '', query = ''] = pathAndQuery.split('?', 2)
  // The app's root is the base itself: the server redirects `/base/` to `/base` (no trailing slash).
  const absolutePath =
    path === '/' || path === '' ? trimmedBase : `${trimmedBase}${path.startsWith('/') ? path : `/${path}`}`
  const params = new URLSearchParams(query)
  for (const [name, value] of Object.entries(savedQuery ?? {})) if (!params.has(name)) params.set(name, value)
  const search = params.toString()
  return `${absolutePath}${search ? `?${search}` : ''}${hash !== undefined ? `#${hash}` : ''}`
}

/** The runtime config of the app (`{base}/config.json`, spec §3). */
export interface RuntimeConfig {
  URL_DOMAIN: string
  TEXT_PREFIX: string
}

/**
 * What the server made of a provider's return (read when the page was requested, spec §4): kept
 * in the session for the clean address the browser is sent to, and shown there once.
 */
export interface ExternalReturnResult {
  provider: Provider | null
  /** The HTTP status the step answered (400: refused; 409: another identity is signed in). */
  status: number
  retCode: string
  message: string
  /** Why a return was refused: `state`, `missingParams`, `unknownProvider`, `tooLong`… */
  reason?: string
  missing?: string[]
  /** Where the user goes on: the waiting connect's consent, or signed in. */
  next?: 'consent' | 'signedIn'
  /** Who a sign-in return signed in (the upstream's answer). */
  email?: string
}

/** What `{base}/api/flow` (and the server-rendered page) tells the page about the flow in progress. */
export interface ExternalFlowView {
  signedIn: boolean
  /** The connect flow waiting for consent: provider and the query it came back with (no state). */
  connect: { provider: Provider; query: Record<string, string> } | null
  /** The return this page was sent here with, once; null on any other view. */
  returned: ExternalReturnResult | null
}

/** How the page shows a return's result. */
export type ReturnView =
  | { kind: 'idle' }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'signedIn'; next: 'consent' | 'signedIn' }
  | { kind: 'received'; provider: Provider }

export function returnViewOf(returned: ExternalReturnResult | null): ReturnView {
  if (!returned) return { kind: 'idle' }
  if (returned.reason === 'state') return { kind: 'refused', message: returned.message }
  if (returned.retCode !== RET_CODES.success || !returned.provider)
    return { kind: 'error', message: returned.message }
  if (PROVIDER_MODE[returned.provider] === 'connect') return { kind: 'received', provider: returned.provider }
  return { kind: 'signedIn', next: returned.next === 'consent' ? 'consent' : 'signedIn' }
}
