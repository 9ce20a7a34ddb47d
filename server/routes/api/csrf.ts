import type { FastifyReply, FastifyRequest } from 'fastify'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type CsrfVerdict = { ok: true } | { ok: false; reason: string }

export interface CsrfCheckOptions {
  /**
   * Check GET/HEAD too. Every `/api` call is one: an upstream GET may have effects or carry
   * secrets (sendVerifyCode), and only our own pages' fetch calls have any business there.
   */
  includeSafeMethods?: boolean
}

/**
 * Layered cross-site checks for calls made by our own pages (security.md §7): the browser's
 * Fetch Metadata, the Origin header, and a custom header that a cross-site form cannot send.
 */
export function checkApiRequest(
  request: FastifyRequest,
  publicOrigin: string | undefined,
  options: CsrfCheckOptions = {},
): CsrfVerdict {
  const site = checkSameSite(request, publicOrigin, options)
  if (!site.ok) return site
  if (SAFE_METHODS.has(request.method) && !options.includeSafeMethods) return { ok: true }
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest')
    return { ok: false, reason: 'missing custom header' }
  // A JSON-looking body sent as text/plain is the classic way round a preflight: refuse it.
  const contentType = request.headers['content-type'] ?? ''
  if (contentType.startsWith('text/plain')) return { ok: false, reason: 'text/plain body' }
  return { ok: true }
}

/** Fetch Metadata and Origin: what a plain form post must pass too (it also needs a token). */
export function checkSameSite(
  request: FastifyRequest,
  publicOrigin: string | undefined,
  options: CsrfCheckOptions = {},
): CsrfVerdict {
  if (SAFE_METHODS.has(request.method) && !options.includeSafeMethods) return { ok: true }
  const fetchSite = request.headers['sec-fetch-site']
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return { ok: false, reason: `sec-fetch-site ${fetchSite}` }
  }
  const origin = request.headers.origin
  // Without a configured origin the site's own is the one this request was addressed to.
  const ownOrigin = publicOrigin ?? `${request.protocol}://${request.host}`
  // A form posted from a `Referrer-Policy: no-referrer` page (reset pages) carries `Origin: null`;
  // the browser's own Sec-Fetch-Site, which pages cannot forge, then vouches for it.
  const opaqueButSameOrigin = origin === 'null' && fetchSite === 'same-origin'
  if (origin && origin !== ownOrigin && !opaqueButSameOrigin) return { ok: false, reason: 'foreign origin' }
  return { ok: true }
}

/** Responses depend on these request headers; caches must not mix them up. */
export function varyOnCsrfHeaders(reply: FastifyReply): void {
  reply.header('Vary', 'Origin, Sec-Fetch-Site, X-Requested-With')
}
