import type { FastifyRequest, RouteShorthandOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { FlowAction } from '../../../shared/api/endpoints/define.ts'
import type { RateLimitBucket } from '../../../shared/api/endpoints.ts'
import { sendRefusal } from '../../refusal.ts'
import { checkApiRequest, checkSameSite, varyOnCsrfHeaders } from '../../routes/api/csrf.ts'

/**
 * Who may call a route, declared in its config and enforced by one hook (security.md #7):
 * `fetch` — our pages' own fetch calls (Fetch Metadata, Origin, the custom header; GETs too: a flow's
 * state is nobody else's business); `form` — a plain form post of our pages (Fetch Metadata and
 * Origin; the route checks the form token as well).
 */
export type OwnPagesCheck = 'fetch' | 'form'

declare module 'fastify' {
  interface FastifyContextConfig {
    ownPages?: OwnPagesCheck
  }
}

/**
 * Route options of a BFF route: its caller check and the per-IP bucket it spends, e.g.
 * `app.post(url, route({ ownPages: 'fetch', spends: 'signIn' }), handler)`.
 */
export function route(options: {
  ownPages?: OwnPagesCheck
  spends?: RateLimitBucket
  /** The action the route is a step of: one unit of `spends` pays for the whole action. */
  action?: FlowAction
}): RouteShorthandOptions {
  return {
    config: {
      ...(options.ownPages ? { ownPages: options.ownPages } : {}),
      ...(options.spends ? { rateLimitBucket: options.spends } : {}),
      ...(options.action ? { rateLimitAction: options.action } : {}),
    },
  }
}

function verdictOf(request: FastifyRequest, check: OwnPagesCheck, publicOrigin: string | undefined) {
  return check === 'fetch'
    ? checkApiRequest(request, publicOrigin, { includeSafeMethods: true })
    : checkSameSite(request, publicOrigin)
}

export default fp<{ publicOrigin: string | undefined }>(
  async (app, options) => {
    const https = options.publicOrigin?.startsWith('https:') ?? false
    // Callback style (no promise per request); a refusal is answered here and, as Fastify asks of
    // a callback hook that replies, does not call done().
    app.addHook('onRequest', (request, reply, done) => {
      const check = request.routeOptions.config?.ownPages
      if (!check) return done()
      varyOnCsrfHeaders(reply)
      // What these routes answer is one session's: no shared cache may keep it.
      reply.header('Cache-Control', 'no-store')
      const verdict = verdictOf(request, check, options.publicOrigin)
      if (verdict.ok) return done()
      // Debug, not warn: another site can send these by the thousand, and each would be a log line
      // an operator must read (issue 46); the request log line still shows the 403.
      request.log.debug({ reason: verdict.reason, check }, 'refused: not a call of our own pages')
      sendRefusal(request, reply, 403, { https }, check === 'form' ? 'errors:csrfForm' : 'errors:forbidden')
    })
  },
  { name: 'own-pages', fastify: '5.x' },
)
