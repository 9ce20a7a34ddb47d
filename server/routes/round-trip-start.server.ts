import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Provider } from '../../shared/external-login/query.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { sendRateLimited } from '../rate-limited.ts'
import { escapeHtml, type RefusalOptions, securityHeaders, smallPageHtml } from '../refusal.ts'

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The one-time proof the "continue?" page's button carries back (round-trip-start.server.ts). */
    roundTripProof: string
  }
}

/**
 * Where a round trip to an identity or commerce provider starts (issue 46 Medium, security.md #25):
 * only from our own pages. A start another site's navigation reached — a link, a redirect, an
 * auto-submitted form — would issue the state into the visitor's session, and a provider the other
 * site runs would then sign the visitor in to the other site's account (login CSRF). A link of our
 * own page is a same-origin navigation (Fetch Metadata); anything else — `cross-site`,
 * `same-site` (a sibling host), `none` (typed, bookmarked, opened from a mail app) or no Fetch
 * Metadata at all — gets a page of ours that says where the round trip leads, whose button is a
 * link back to the start with a one-time proof kept in the sealed session (for browsers without
 * Fetch Metadata; no other site can read it). A link, not a form post: the start answers a redirect
 * to the provider, which the page's `form-action 'self'` would stop after a post.
 */

/** The start's destination, as the page names it. */
export type Destination = 'company' | 'microsoft' | Provider

/** Whether a start may go ahead: a navigation from our page, or our page's button (used up here). */
export function startedOnOurPage(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true
  const proof = (request.query as Record<string, unknown> | undefined)?.proof
  const kept = request.session.get('roundTripProof')
  if (typeof proof !== 'string' || !kept) return false
  request.session.set('roundTripProof', undefined)
  const given = Buffer.from(proof)
  const expected = Buffer.from(kept)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The start's own fields of its query (strings only). */
export function startFields(source: unknown, names: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {}
  if (typeof source !== 'object' || source === null) return fields
  for (const name of names) {
    const value = (source as Record<string, unknown>)[name]
    if (typeof value === 'string') fields[name] = value
  }
  return fields
}

/**
 * Spends one sign-in unit for a start that goes ahead (the question page costs nothing): false
 * when the budget is used up and the 429 went out.
 */
export async function spendStart(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const retryAfter = await request.server.spendRateLimit(request, 'signIn')
  if (retryAfter === 0) return true
  sendRateLimited(request, reply, retryAfter)
  return false
}

function titleOf(t: ReturnType<typeof i18nFor>['t'], destination: Destination): string {
  if (destination === 'company' || destination === 'saml') return t('sso:continue.titleCompany')
  if (destination === 'microsoft') return t('sso:continue.titleMicrosoft')
  return t('sso:continue.titleProvider', { provider: t(`channels:name.${destination}`) })
}

function destinationName(t: ReturnType<typeof i18nFor>['t'], destination: Destination): string {
  if (destination === 'company' || destination === 'saml') return t('sso:continue.company')
  if (destination === 'microsoft') return 'Microsoft'
  return t(`channels:name.${destination}`)
}

/**
 * The page that asks before a round trip starts: where it leads and a button that starts it from
 * our origin (a link to `path` with `fields` and a one-time proof). While another account is
 * signed in, an enterprise sign-in would replace it: the page offers to sign out first instead.
 */
export function askBeforeRoundTrip(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    destination: Destination
    path: string
    fields: Record<string, string>
    refusal: RefusalOptions
    /** An enterprise sign-in: never over a signed-in session (a connect flow may run signed in). */
    signsIn: boolean
  },
) {
  const { t } = i18nFor(request.language)
  const asked = (request.query as Record<string, unknown> | undefined)?.language !== undefined
  const languageQuery = asked ? `?language=${request.language}` : ''
  const signIn = `/auth/sign_in${languageQuery}`
  const user = options.signsIn ? request.sessionUser() : null
  let title: string
  let content: string
  if (user) {
    title = t('sso:continue.signedInTitle')
    content =
      `<p>${escapeHtml(t('sso:continue.signedInText', { email: user.email }))}</p>` +
      `<form method="post" action="/auth/sign_out${languageQuery}"><input type="hidden" name="_csrf" value="${escapeHtml(reply.generateCsrf())}">` +
      `<button type="submit">${escapeHtml(t('common:signIn.signOut'))}</button></form>`
  } else {
    title = titleOf(t, options.destination)
    request.ensureSession()
    const proof = randomBytes(32).toString('base64url')
    request.session.set('roundTripProof', proof)
    const query = new URLSearchParams({
      ...options.fields,
      ...(asked ? { language: request.language } : {}),
      proof,
    })
    content =
      `<p>${escapeHtml(t('sso:continue.text', { destination: destinationName(t, options.destination) }))}</p>` +
      `<p><a class="button" href="${escapeHtml(`${options.path}?${query}`)}">${escapeHtml(t('sso:continue.button'))}</a></p>` +
      `<p><a href="${signIn}">${escapeHtml(t('sso:continue.back'))}</a></p>`
  }
  const nonce = randomBytes(16).toString('base64')
  return reply
    .code(200)
    .headers(securityHeaders(options.refusal, nonce))
    .header('content-type', 'text/html; charset=utf-8')
    .header('Vary', 'Sec-Fetch-Site')
    .send(smallPageHtml(request.language, title, content, nonce))
}
