import csrfProtection from '@fastify/csrf-protection'
import fp from 'fastify-plugin'

/**
 * Tokens for what works without JavaScript (plain form posts, security.md §8). The secret lives
 * in the sealed session, so a token is bound to that session or pre-session and useless elsewhere.
 */
export default fp(
  async (app) => {
    await app.register(csrfProtection, {
      sessionPlugin: '@fastify/secure-session',
      // Forms send the token as a field; nothing else is accepted (no query strings: they leak).
      getToken: (request) => (request.body as { _csrf?: string } | undefined)?._csrf,
      // A missing or wrong token is what a forged post from another site looks like: no news, and
      // a flood of them must not flood the log (issue 46). The request log line shows the 403.
      logLevel: 'debug',
    })
  },
  { name: 'csrf-tokens', fastify: '5.x', dependencies: ['session'] },
)
