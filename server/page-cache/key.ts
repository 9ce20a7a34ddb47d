import type { FastifyRequest } from 'fastify'
import { isEmbeddedInDesktopApp } from '../../shared/frame/hidden.ts'
import { withoutClientFilledQuery } from '../../shared/frame/links.ts'
import { MARKETING_PAGES } from '../../shared/frame/pages.ts'
import type { Language } from '../../shared/language.ts'
import { signInFlowOf } from '../routes/sign-in-flow.server.ts'
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
  /** Path and query as requested: only allowlisted parameters, client-filled ones left out. */
  url: string
  language: Language
  isPhone: boolean
  desktopApp: boolean
}

export function keyString(key: PageKey, edition: string): string {
  return `${edition}|${key.language}|${key.isPhone ? 'phone' : 'desk'}|${key.desktopApp ? 'app' : 'web'}|${key.url}`
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
 * The cache key of a request, or null when its page must be rendered for it alone: anything but
 * GET/HEAD, a signed-in visitor, an unlisted path, or any query parameter outside the allowlist
 * (such as `return`). Client-filled parameters (`serviceEmail`, a campaign's `utm_*`) are left out
 * of the key instead.
 */
export function pageKeyOf(request: FastifyRequest): PageKey | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  if (request.sessionUser()) return null
  // A sign-up under way renders its own step (sign-up-resume.server.ts): never the shared HTML.
  if (signUpResumeOf(request)) return null
  // Nor does a sign-in under way: its page shows this session's step (ADR 0015, 2026-11-26).
  if (signInFlowOf(request)) return null
  const queryStart = request.url.indexOf('?')
  const pathname = queryStart < 0 ? request.url : request.url.slice(0, queryStart)
  if (!CACHEABLE_PATHS.has(pathname)) return null
  // Parameters only the browser reads are no part of the page (CLIENT_FILLED_QUERY): the entry is
  // rendered and found without them.
  const query = queryStart < 0 ? '' : withoutClientFilledQuery(request.url.slice(queryStart + 1))
  if (!isAllowedQuery(query)) return null
  const url = query ? `${pathname}?${query}` : pathname
  const userAgent = request.headers['user-agent'] ?? ''
  return {
    url,
    language: request.language,
    isPhone: PHONE_USER_AGENT.test(userAgent),
    desktopApp: isEmbeddedInDesktopApp(userAgent),
  }
}

/** The only request headers the keyed render sees: a user agent saying no more than the key. */
export function keyedHeaders(key: PageKey): Record<string, string> {
  const userAgent = [key.isPhone ? 'iPhone' : '', key.desktopApp ? 'SobotDesktop/1' : ''].filter(Boolean)
  return { 'user-agent': userAgent.join(' ') }
}
