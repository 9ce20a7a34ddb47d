import { randomUUID } from 'node:crypto'
import secureSession from '@fastify/secure-session'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { CookieSecurity } from '../../../config/index.ts'
import type { Language } from '../../../shared/language.ts'
import type { EnvironmentName, RegionId } from '../../../shared/regions.ts'
import { logStoreFailure, type SharedRedis } from '../../redis.ts'
import { SESSION_COOKIE_NAMES, sessionCookieAttributes } from '../../session-cookie.ts'
import { storeHealth } from '../../store-health.ts'
import type { CookieRejection, OpsMetrics } from './metrics.ts'
import { memoryRevocations, redisRevocations, type SessionRevocations } from './session-revocations.server.ts'
import { keepSessionCookieSmall } from './session-size.server.ts'

export { SESSION_COOKIE } from '../../session-cookie.ts'

/** A signed-in session writes down that it is still in use at most this often (a re-seal each time). */
const TOUCH_INTERVAL_MS = 60_000

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Random id of this session value; a new one at sign-in (fixation defence). */
    sid: string
    /** Upstream login token: lives only inside the sealed cookie. */
    token: string
    email: string
    /** When this session signed in (ms): written once, the start of its absolute lifetime. */
    signedInAt: number
    /** Last request of the signed-in session (ms, to the minute): the idle time-out counts from it. */
    lastSeenAt: number
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
    /**
     * Replaces the session value: new sid, token stored sealed, previous value abandoned. The one
     * place a session starts: `language` is the one the agent signed in with when the flow knows
     * it better than this request (an SSO return); the request's otherwise.
     */
    signIn(values: { token: string; email: string; environment: EnvironmentName; language?: Language }): void
    /** Set by `signIn()`: this request started a session, in this language (read after the reply). */
    startedSession: { language: Language } | null
    /** Ends the session here and everywhere: its id is revoked until it would have expired. */
    signOut(reply: FastifyReply): Promise<void>
  }
}

export interface SessionPluginOptions {
  keys: Buffer[]
  /** `__Host-` and Secure, or the plain cookie of a loopback http origin (ADR 0155); default the former. */
  cookieSecurity?: CookieSecurity
  /** Absolute lifetime from sign-in and idle time-out of a signed-in session, ms. */
  lifetime: { absoluteMs: number; idleMs: number }
  /** The shared connection (server/redis.ts), where revoked sessions are kept; none: this process's memory. */
  redis: SharedRedis | undefined
  /** store_up, store_fail_open_total, session_cookie_rejected_total; none when registered alone. */
  metrics?: OpsMetrics
  now?: () => number
}

export default fp<SessionPluginOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now
    const cookieSecurity = options.cookieSecurity ?? 'host-secure'
    const cookieName = SESSION_COOKIE_NAMES[cookieSecurity]
    const { absoluteMs, idleMs } = options.lifetime
    const lifetimeSeconds = Math.ceil(absoluteMs / 1000)
    const { redis } = options
    const health = storeHealth(options.metrics, 'session-revocations', redis)
    const revocations: SessionRevocations = redis
      ? redisRevocations({ redis, now, log: app.log, pendingGauge: options.metrics?.revocationsPending })
      : memoryRevocations(now)
    // A key rotation gone wrong shows here as a rise of `unreadable` (issue 20 point 2).
    const rejected = (reason: CookieRejection) => options.metrics?.sessionCookieRejected.inc({ reason })
    app.addHook('onClose', async () => revocations.close())

    // Before secure-session's own onSend hook: the session is trimmed before it is sealed.
    keepSessionCookieSmall(app, cookieName)
    await app.register(secureSession, {
      key: options.keys, // newest first: sealed with keys[0], opened with any (a key ring)
      cookieName,
      // The library renews this timestamp on every change, so it only bounds idle pre-sign-in
      // sessions; the absolute lifetime of a signed-in one is `signedInAt`, checked below.
      expiry: lifetimeSeconds,
      cookie: { ...sessionCookieAttributes(cookieSecurity), maxAge: lifetimeSeconds },
    })

    app.decorateRequest('sessionArrival', 'none')
    app.decorateRequest('startedSession', null)

    // Decide once, right after the cookie was opened, what the request arrived with. A cookie
    // that does not open (tampered, expired, key removed), a signed-in session past its absolute
    // lifetime or idle time-out, and a signed-out (revoked) one are refused and cleared.
    // Callback style: only a signed-in session waits, for the revocation check; every other
    // request decides without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const cookie = request.cookies[cookieName]
      const sid = request.session.get('sid')
      if (!sid) {
        // A cookie that opened holds what we sealed, even without a sid: a form token's secret
        // minted for a page answered to a plain form (`_csrf`) is such a session. Read as
        // "invalid" it answered the next `/api` call "session expired" (reset e2e, issue 21).
        const opened = cookie !== undefined && Object.keys(request.session.data() ?? {}).length > 0
        request.sessionArrival = opened ? 'anonymous' : cookie ? 'invalid' : 'none'
        if (cookie && !opened) {
          rejected('unreadable')
          request.session.delete()
        }
        return done()
      }
      if (!request.session.get('token')) {
        request.sessionArrival = 'anonymous'
        return done()
      }
      const at = now()
      const signedInAt = request.session.get('signedInAt')
      const lastSeenAt = request.session.get('lastSeenAt') ?? signedInAt
      const expired =
        typeof signedInAt !== 'number' ||
        at - signedInAt >= absoluteMs ||
        typeof lastSeenAt !== 'number' ||
        at - lastSeenAt >= idleMs
      const refuse = (reason: 'expired' | 'revoked') => {
        rejected(reason)
        request.sessionArrival = 'invalid'
        request.session.delete()
        done()
      }
      if (expired) return refuse('expired')
      const touchDue = typeof lastSeenAt === 'number' && at - lastSeenAt >= TOUCH_INTERVAL_MS
      isRevoked(sid)
        .then((revoked) => {
          if (revoked) return refuse('revoked')
          request.sessionArrival = 'signedIn'
          if (touchDue) request.session.set('lastSeenAt', at)
          done()
        })
        .catch(done)
    })

    // An unreachable Redis must not sign every customer out: the check then lets sessions through
    // (fail open, logged by the store), like the rate limits (ADR 0004). docs/security.md says so.
    async function isRevoked(sid: string): Promise<boolean> {
      try {
        const revoked = await revocations.isRevoked(sid)
        health.up()
        return revoked
      } catch (err) {
        logStoreFailure(app.log, err, 'session revocation check failed: session accepted')
        health.down()
        health.failedOpen()
        return false
      }
    }

    // Anything that sets a cookie is personal: no shared cache may keep it (security.md §14).
    // Registered after secure-session's own onSend, so its Set-Cookie is already on the reply.
    app.addHook('onSend', (_request, reply, _payload, done) => {
      if (reply.getHeader('set-cookie') !== undefined) reply.header('Cache-Control', 'no-store')
      done()
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
      this.session.set('signedInAt', now())
      this.session.set('lastSeenAt', now())
      this.session.set('email', values.email)
      this.session.set('environment', values.environment)
      this.startedSession = { language: values.language ?? this.language }
    })

    app.decorateRequest('signOut', async function (this: FastifyRequest, reply: FastifyReply) {
      const sid = this.session.get('sid')
      const signedIn = !this.session.deleted && Boolean(this.session.get('token'))
      const until = (this.session.get('signedInAt') ?? now()) + absoluteMs
      this.session.delete()
      // The browser drops every cookie of the site, including ones a later version may add.
      reply.header('Clear-Site-Data', '"cookies"')
      if (!sid || !signedIn) return
      // A copy of the cookie taken before sign-out is refused from now on, on every replica; in an
      // outage from when Redis answers again (kept here until then, refused here at once).
      const revocation = await revocations.revoke(sid, until)
      if (revocation !== 'recorded') {
        health.down()
        health.failedOpen()
      }
    })
  },
  { name: 'session', fastify: '5.x' },
)
