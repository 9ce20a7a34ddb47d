import fp from 'fastify-plugin'
import { sameSitePath } from '../../../shared/frame/links.ts'

const ABSOLUTE_HTTP = /^https?:\/\//i

/**
 * Every `Location` the BFF or Vike sends that is not an absolute http(s) URL set by our own code
 * (identity-provider hand-offs) goes out as a plain same-site path. Vike's slash-normalising
 * redirect copies the raw request line, so `GET /\evil.example/` would answer
 * `Location: /\evil.example`, which browsers read as `//evil.example` (security.md §11). Fixing it
 * here, once, covers Vike, the language redirect and every route a flow adds later.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      const location = reply.getHeader('location')
      if (typeof location !== 'string' || ABSOLUTE_HTTP.test(location)) return
      const safe = sameSitePath(location)
      if (safe !== location) {
        request.log.warn({ location: safe }, 'redirect to a path that could leave the site was rewritten')
        reply.header('location', safe)
      }
    })
  },
  { name: 'safe-redirects', fastify: '5.x' },
)
