import { randomBytes } from 'node:crypto'
import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { statusMessageKey } from '../shared/api/response.ts'
import { envelope } from '../shared/envelope.ts'
import { i18nFor } from '../shared/i18n/index.ts'
import { type Language, languageWithoutParam, parseLanguageQuery } from '../shared/language.ts'

/**
 * How the BFF says no when no page or route answers: the localised envelope for `/api` and fetch
 * calls, a small localised HTML page for everything a browser navigates to — always with the
 * security headers, also where Fastify's hooks never ran (framework errors, unreadable requests).
 */

export interface RefusalOptions {
  /** HSTS only where the site is served over TLS. */
  https: boolean
}

/** The BFF's JSON API (the browser's only calls besides pages, spec §4). */
export const isApiUrl = (url: string) => url.startsWith('/api/') || url === '/api'

/**
 * The policy of every JSON answer (`/api`, refusals to fetch calls): never a document that runs or
 * shows anything, so nothing may load, frame or re-base it (OWASP's REST recommendation).
 */
export const JSON_ANSWER_CSP =
  "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; object-src 'none'"

/** Our pages' fetch calls send X-Requested-With; `/api` is JSON whoever asks. */
export function wantsJson(url: string, headers: Record<string, string | string[] | undefined>): boolean {
  if (isApiUrl(url)) return true
  if (headers['x-requested-with']) return true
  const accept = String(headers.accept ?? '')
  return accept.includes('application/json') && !accept.includes('text/html')
}

/**
 * The language of a request whose hooks may not have run: `language=` query, then the rule without
 * it (ADR 0062: the browser's in the international edition). `editionLanguage`: the edition's own.
 */
export function languageOfRaw(url: string, acceptLanguage: unknown, editionLanguage: Language): Language {
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : undefined
  let fromQuery: Language | undefined
  try {
    fromQuery = query?.has('language') ? parseLanguageQuery(query.get('language')) : undefined
  } catch {
    fromQuery = undefined
  }
  return fromQuery ?? languageWithoutParam(editionLanguage, acceptLanguage)
}

/**
 * The headers of every JSON answer (`/api` and refusals to fetch calls; ADR 0117): what a response
 * that is never a document needs (security.md #14, OWASP's REST list): nothing may load in it,
 * frame it or sniff it as something else, no Referer beyond the origin, no cross-origin `no-cors`
 * read of it, TLS only behind TLS. The pages' document-only headers (opener and agent-cluster
 * isolation, DNS prefetch, IE's download and XSS switches, Flash's policy files) mean nothing to a
 * `fetch` answer; each one written was CPU of every `/api` call (issue 19 point 5).
 */
export function jsonAnswerHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': JSON_ANSWER_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/** The headers of a small page of ours (with its nonce) or of a JSON answer (without). */
export function securityHeaders(options: RefusalOptions, nonce: string | undefined): Record<string, string> {
  if (!nonce) return { ...jsonAnswerHeaders(options.https), 'cache-control': 'no-store' }
  return {
    // No script runs on these pages; the nonce keeps the same policy shape as every other page.
    'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'nonce-${nonce}'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cache-control': 'no-store',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function titleKey(status: number): string {
  // Overload and limits (ADR 0068): nothing is wrong with the request, it only has to wait.
  if (status === 429 || status === 503) return 'errorPage.busyTitle'
  if (status === 404) return 'errorPage.notFoundTitle'
  if (status === 403) return 'errorPage.forbiddenTitle'
  if (status >= 500) return 'errorPage.errorTitle'
  return 'errorPage.badRequestTitle'
}

const STYLE =
  'body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fb;color:#1b2333}' +
  'main{max-width:34rem;margin:1rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 14px rgba(16,24,40,.08)}' +
  'h1{font-size:1.5rem;margin:0 0 .5rem}a{color:#0a5bd3}' +
  'button,a.button{display:inline-block;font:inherit;padding:.6rem 1.2rem;border:0;border-radius:8px;background:#0a5bd3;color:#fff;cursor:pointer;text-decoration:none}' +
  'button:focus-visible,a:focus-visible{outline:3px solid #1b2333;outline-offset:2px}'

/**
 * A small page of ours outside the renderer: `content` is HTML the caller escaped. Refusals use it,
 * and so does the question before a provider round trip (round-trip-start.server.ts).
 */
export function smallPageHtml(language: Language, title: string, content: string, nonce: string): string {
  return `<!doctype html><html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`
}

function refusalHtml(language: Language, status: number, message: string, nonce: string): string {
  const t = i18nFor(language).t
  const home = language === 'zh' ? '/auth/sign_in?language=zh' : '/auth/sign_in'
  return smallPageHtml(
    language,
    t(titleKey(status)),
    `<p>${escapeHtml(message)}</p><p><a href="${home}">${escapeHtml(t('errorPage.home'))}</a></p>`,
    nonce,
  )
}

export interface Refusal {
  status: number
  headers: Record<string, string>
  body: string
}

/** The refusal for a status (and optionally a specific `errors:` message key), JSON or HTML. */
export function buildRefusal(
  input: { url: string; headers: Record<string, string | string[] | undefined>; language: Language },
  status: number,
  options: RefusalOptions,
  messageKey: string = statusMessageKey(status),
): Refusal {
  const t = i18nFor(input.language).t
  const message = t(messageKey)
  if (wantsJson(input.url, input.headers)) {
    return {
      status,
      headers: { ...securityHeaders(options, undefined), 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(envelope(String(status), message)),
    }
  }
  const nonce = randomBytes(16).toString('base64')
  return {
    status,
    headers: { ...securityHeaders(options, nonce), 'content-type': 'text/html; charset=utf-8' },
    body: refusalHtml(input.language, status, message, nonce),
  }
}

export function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  options: RefusalOptions,
  messageKey?: string,
) {
  const refusal = buildRefusal(
    { url: request.url, headers: request.headers, language: request.language },
    status,
    options,
    messageKey,
  )
  return reply.code(refusal.status).headers(refusal.headers).send(refusal.body)
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

/**
 * Node's own answer to a request it could not parse (400), that was too slow (408) or whose headers
 * were too large (431), written on the socket: Fastify never sees these requests.
 */
export function writeRawRefusal(
  socket: Socket,
  error: Error & { code?: string; rawPacket?: unknown },
  options: RefusalOptions & { defaultLanguage: Language },
): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy(error)
    return
  }
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : ''
  const url = /^[A-Z]+ (\S+)/.exec(raw)?.[1] ?? '/'
  const acceptLanguage = /\r\naccept-language:\s*([^\r\n]*)/i.exec(raw)?.[1]
  const requestedWith = /\r\nx-requested-with:/i.test(raw) ? 'XMLHttpRequest' : undefined
  const language = languageOfRaw(url, acceptLanguage, options.defaultLanguage)
  const key = status === 408 ? 'errors:timeout' : 'errors:malformedRequest'
  const refusal = buildRefusal(
    { url, headers: { 'x-requested-with': requestedWith }, language },
    status,
    options,
    key,
  )
  const body = Buffer.from(refusal.body)
  const head = [
    `HTTP/1.1 ${status} ${REASONS[status]}`,
    ...Object.entries(refusal.headers).map(([name, value]) => `${name}: ${value}`),
    `content-length: ${body.length}`,
    'connection: close',
  ].join('\r\n')
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]))
}
