import { randomUUID } from 'node:crypto'
import secureSession from '@fastify/secure-session'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { EnvironmentName, RegionId } from '../../../shared/regions.ts'

export const SESSION_COOKIE = '__Host-session'
/** Absolute lifetime of a session, in seconds: after it the sealed cookie no longer opens. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Random id of this session value; a new one at sign-in (fixation defence). */
    sid: string
    /** Upstream login token: lives only inside the sealed cookie. */
    token: string
    email: string
    environment: EnvironmentName
    /** Region chosen for a sign-up flow by the host rule, remembered for the flow. */
    signUpRegion: RegionId
    /** The environments getAllEnvDomain listed for the account being signed in. */
    accountEnvironments: EnvironmentName[]
  }
}

/** What pages may know about the session: never the token. */
export interface SessionUser {
  email: string
}

export type SessionStatus = 'none' | 'anonymous' | 'signedIn' | 'invalid'

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request arrived with: no cookie, a pre-sign-in session, a signed-in one, or a cookie that did not open. */
    sessionArrival: SessionStatus
    sessionUser(): SessionUser | null
    /** Starts a pre-sign-in session when there is none, so flow state has a home. */
    ensureSession(): string
    /** Replaces the session value: new sid, token stored sealed, previous value abandoned. */
    signIn(values: { token: string; email: string; environment: EnvironmentName }): void
    signOut(reply: FastifyReply): void
  }
}

export interface SessionPluginOptions {
  keys: Buffer[]
}

export default fp<SessionPluginOptions>(
  async (app, options) => {
    await app.register(secureSession, {
      key: options.keys, // newest first: sealed with keys[0], opened with any (a key ring)
      cookieName: SESSION_COOKIE,
      expiry: SESSION_TTL_SECONDS,
      cookie: {
        path: '/', // required by the __Host- prefix, as are Secure and no Domain
        httpOnly: true, // page JavaScript never reads it
        secure: true,
        sameSite: 'lax', // Strict would lose the session on e-mail links and identity-provider returns
        maxAge: SESSION_TTL_SECONDS,
      },
    })

    app.decorateRequest('sessionArrival', 'none')

    // Decide once, right after the cookie was opened, what the request arrived with. A cookie
    // that does not open (tampered, expired, key removed) is cleared on the way out.
    app.addHook('onRequest', async (request) => {
      const cookie = request.cookies[SESSION_COOKIE]
      const sid = request.session.get('sid')
      if (!sid) {
        request.sessionArrival = cookie ? 'invalid' : 'none'
        if (cookie) request.session.delete()
      } else {
        request.sessionArrival = request.session.get('token') ? 'signedIn' : 'anonymous'
      }
    })

    // Anything that sets a cookie is personal: no shared cache may keep it (security.md §14).
    // Registered after secure-session's own onSend, so its Set-Cookie is already on the reply.
    app.addHook('onSend', async (_request, reply) => {
      if (reply.getHeader('set-cookie') !== undefined) reply.header('Cache-Control', 'no-store')
    })

    app.decorateRequest('sessionUser', function (this: FastifyRequest): SessionUser | null {
      const email = this.session.get('email')
      return !this.session.deleted && this.session.get('token') && email ? { email } : null
    })

    app.decorateRequest('ensureSession', function (this: FastifyRequest): string {
      const existing = this.session.get('sid')
      if (existing && !this.session.deleted) return existing
      this.session.deleted = false
      const sid = randomUUID()
      this.session.set('sid', sid)
      return sid
    })

    app.decorateRequest('signIn', function (this: FastifyRequest, values) {
      // Start from an empty value: nothing from before sign-in survives but the flow's region and
      // a connect flow waiting for this sign-in (channel authorization: sign in, then back).
      this.session.regenerate(['signUpRegion', 'externalLogin'])
      this.session.deleted = false
      this.session.set('sid', randomUUID())
      this.session.set('token', values.token)
      this.session.set('email', values.email)
      this.session.set('environment', values.environment)
    })

    app.decorateRequest('signOut', function (this: FastifyRequest, reply: FastifyReply) {
      this.session.delete()
      // The browser drops every cookie of the site, including ones a later version may add.
      reply.header('Clear-Site-Data', '"cookies"')
    })
  },
  { name: 'session', fastify: '5.x' },
)
