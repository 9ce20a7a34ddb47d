import type { FastifyRequest } from 'fastify'
import { isEmbeddedInDesktopApp } from '../../shared/frame/hidden.ts'
import { withoutClientFilledQuery } from '../../shared/frame/links.ts'
import { MARKETING_PAGES } from '../../shared/frame/pages.ts'
import type { Language } from '../../shared/language.ts'
import { signInFlowOf } from '../routes/sign-in-flow.server.ts'
import type { NoPageAt } from './no-page.ts'
import { signUpResumeOf } from './sign-up-resume.server.ts'

/**
 * Pages whose signed-out HTML is the same for every visitor with the same key (ADR 0015).
 * A page is listed only once its HTML depends on nothing but the key: new pages are rendered
 * per request until someone checks them against docs/architecture.md and adds them here.
 */
export const CACHEABLE_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/auth/sign_in',
  '/auth/sign_up',
  '/auth/reset',
  '/auth/reset/done',
  // Checked for ADR 0121: each shows its visitor only texts of its key (the demo form's answer is
  // a POST, rendered per request; the verify page reads its link id from the fragment, in the
  // browser; restrict and ssoFail name the language only).
  '/auth/demo',
  '/auth/restrict',
  '/auth/ssoFail',
  '/auth/sign_up/verify',
  ...MARKETING_PAGES.map((page) => page.path),
])

/** The only query parameters a cached page may carry, with the only values it may carry. */
const ALLOWED_QUERY: Record<string, ReadonlySet<string>> = {
  // Spec §2's four spellings, and the marketing links' empty one for Chinese (spec §9).
  language: new Set(['', 'en', 'en_US', 'zh', 'zh_CN']),
  oauth: new Set(['connect']),
}

export const PHONE_USER_AGENT = /\b(iPhone|iPad|iPod|Android)\b/i

/** Everything a cached page's HTML may depend on. The render that fills an entry sees only this. */
export interface PageKey {
  /**
   * Path and query as requested: only allowlisted parameters, client-filled ones left out. For the
   * not-found page, the query alone: its path is the visitor's, filled in per response.
   */
  url: string
  language: Language
  isPhone: boolean
  desktopApp: boolean
  /** The not-found page of a path no page answers (ADR 0121): one entry for every such path. */
  notFound?: true
}

export function keyString(key: PageKey, edition: string): string {
  const page = key.notFound ? `404 ${key.url}` : key.url
  return `${edition}|${key.language}|${key.isPhone ? 'phone' : 'desk'}|${key.desktopApp ? 'app' : 'web'}|${page}`
}

/** True when every parameter of the query is allowlisted, with an allowed value, at most once. */
function isAllowedQuery(search: string): boolean {
  if (search === '') return true
  const seen = new Set<string>()
  for (const pair of search.split('&')) {
    const equals = pair.indexOf('=')
    const name = equals < 0 ? pair : pair.slice(0, equals)
    const value = equals < 0 ? '' : pair.slice(equals + 1)
    if (seen.has(name) || !ALLOWED_QUERY[name]?.has(value)) return false
    seen.add(name)
  }
  return true
}

/**
 * Whether this request's page may be the one every visitor gets: GET/HEAD from a visitor who is
 * not signed in and has no flow under way.
 */
function isVisitor(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (request.sessionUser()) return false
  // A sign-up under way renders its own step (sign-up-resume.server.ts): never the shared HTML.
  if (signUpResumeOf(request)) return false
  // Nor does a sign-in under way: its page shows this session's step (ADR 0015, 2026-11-26).
  return !signInFlowOf(request)
}

function splitUrl(url: string): { pathname: string; query: string | null } {
  const queryStart = url.indexOf('?')
  const pathname = pathOf(url)
  // Parameters only the browser reads are no part of the page (CLIENT_FILLED_QUERY): the entry is
  // rendered and found without them.
  const query = queryStart < 0 ? '' : withoutClientFilledQuery(url.slice(queryStart + 1))
  return { pathname, query: isAllowedQuery(query) ? query : null }
}

function keyOf(request: FastifyRequest, url: string): PageKey {
  const userAgent = request.headers['user-agent'] ?? ''
  return {
    url,
    language: request.language,
    isPhone: PHONE_USER_AGENT.test(userAgent),
    desktopApp: isEmbeddedInDesktopApp(userAgent),
  }
}

/**
 * The cache key of a request, or null when its page must be rendered for it alone: anything but
 * GET/HEAD, a signed-in visitor, an unlisted path, or any query parameter outside the allowlist
 * (such as `return`). Client-filled parameters (`serviceEmail`, a campaign's `utm_*`) are left out
 * of the key instead.
 */
export function pageKeyOf(request: FastifyRequest): PageKey | null {
  if (!isVisitor(request)) return null
  const { pathname, query } = splitUrl(request.url)
  if (!CACHEABLE_PATHS.has(pathname) || query === null) return null
  return keyOf(request, query ? `${pathname}?${query}` : pathname)
}

/**
 * The cache key of a visitor's not-found page (ADR 0121): a path no page answers (`noPageAt`,
 * which also asks that the path can be echoed as it came) with an allowlisted query. Null for
 * anything else, which is rendered for its request as before.
 */
export async function notFoundKeyOf(request: FastifyRequest, noPageAt: NoPageAt): Promise<PageKey | null> {
  if (!isVisitor(request)) return null
  const { pathname, query } = splitUrl(request.url)
  if (query === null || !(await noPageAt(pathname))) return null
  return { ...keyOf(request, query ? `?${query}` : ''), notFound: true }
}

/** The path of a URL: what a not-found key's page echoes, as `notFoundKeyOf` accepted it. */
export function pathOf(url: string): string {
  const queryStart = url.indexOf('?')
  return queryStart < 0 ? url : url.slice(0, queryStart)
}

/** The only request headers the keyed render sees: a user agent saying no more than the key. */
export function keyedHeaders(key: PageKey): Record<string, string> {
  const userAgent = [key.isPhone ? 'iPhone' : '', key.desktopApp ? 'SobotDesktop/1' : ''].filter(Boolean)
  return { 'user-agent': userAgent.join(' ') }
}
