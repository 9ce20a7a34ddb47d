import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { Provider } from '../../shared/external-login/query.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { route } from '../plugins/app/own-pages.ts'
import { sendRateLimited } from '../rate-limited.ts'
import { escapeHtml, type RefusalOptions, securityHeaders, smallPageHtml } from '../refusal.ts'

/**
 * Where a round trip to an identity or commerce provider starts (issue 46 Medium, security.md #25):
 * only from our own pages. A start another site's navigation reached — a link, a redirect, an
 * auto-submitted form — would issue the state into the visitor's session, and a provider the other
 * site runs would then sign the visitor in to the other site's account (login CSRF). A link of our
 * own page is a same-origin navigation (Fetch Metadata); anything else — `cross-site`,
 * `same-site` (a sibling host), `none` (typed, bookmarked, opened from a mail app) or no Fetch
 * Metadata at all — gets a page of ours that says where the round trip leads, whose button posts
 * the start back to us with the session's form token (a proof no other site can read).
 */

/** The start's destination, as the page names it. */
export type Destination = 'company' | 'microsoft' | Provider

/** A navigation from a page of this origin: the browser says so and no page can forge it. */
export function startedOnOurPage(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'same-origin'
}

/** The button's post: Fetch Metadata / Origin (the own-pages guard) and the session's form token. */
export function continuePostOptions(): RouteShorthandOptions {
  return {
    ...route({ ownPages: 'form' }),
    preHandler: (request, reply, done) => request.server.csrfProtection(request, reply, done),
  }
}

/** The start's own fields of a GET query or of the button's post (strings only). */
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
 * our origin (a form post to `path` carrying `fields` and the form token). While another account is
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
  const token = escapeHtml(reply.generateCsrf())
  const user = options.signsIn ? request.sessionUser() : null
  let title: string
  let content: string
  if (user) {
    title = t('sso:continue.signedInTitle')
    content =
      `<p>${escapeHtml(t('sso:continue.signedInText', { email: user.email }))}</p>` +
      `<form method="post" action="/auth/sign_out${languageQuery}"><input type="hidden" name="_csrf" value="${token}">` +
      `<button type="submit">${escapeHtml(t('common:signIn.signOut'))}</button></form>`
  } else {
    title = titleOf(t, options.destination)
    const hidden = Object.entries(options.fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('')
    content =
      `<p>${escapeHtml(t('sso:continue.text', { destination: destinationName(t, options.destination) }))}</p>` +
      `<form method="post" action="${escapeHtml(options.path)}${languageQuery}">${hidden}` +
      `<input type="hidden" name="_csrf" value="${token}">` +
      `<button type="submit">${escapeHtml(t('sso:continue.button'))}</button></form>` +
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
