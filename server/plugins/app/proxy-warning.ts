import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** How often the warning repeats while the misconfiguration lasts. */
const REPEAT_MS = 60 * 60_000

/**
 * Requests that arrive through a proxy (they carry X-Forwarded-For) while TRUST_PROXY is off all
 * share the proxy's address: per-IP rate limits then count the whole site as one client, and the
 * first user over the limit locks everyone out. Nothing to refuse, but operators must hear of it.
 */
export default fp<{ trustProxy: boolean | string[] }>(
  async (app, options) => {
    if (options.trustProxy !== false) return
    let lastWarnedAt = Number.NEGATIVE_INFINITY
    // Callback style, as every synchronous hook on the request path: no promise per request.
    app.addHook('onRequest', (request, _reply, done) => {
      warnOncePerInterval(request)
      done()
    })
    function warnOncePerInterval(request: FastifyRequest) {
      if (request.headers['x-forwarded-for'] === undefined) return
      const now = Date.now()
      if (now - lastWarnedAt < REPEAT_MS) return
      lastWarnedAt = now
      request.log.warn(
        { proxy: request.ip },
        'requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client ' +
          "shares the proxy's address, so per-IP rate limits act site-wide. Set TRUST_PROXY to the " +
          "proxy's addresses (e.g. uniquelocal); see the README",
      )
    }
  },
  { name: 'proxy-warning', fastify: '5.x' },
)
