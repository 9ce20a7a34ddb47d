import type { FastifyBaseLogger } from 'fastify'
import type { Gauge } from 'prom-client'
import { type ExpiringMapOptions, expiringMap } from '../../expiring-map.ts'
import type { SharedRedis } from '../../redis.ts'

/**
 * Session ids that were signed out, kept until the session could have expired anyway. A sealed
 * cookie is valid by itself, so without this list a cookie captured before sign-out would keep
 * working until its absolute expiry. In Redis when REDIS_URL is set (every replica sees a sign-out
 * at once), in this process's memory otherwise.
 */
export interface SessionRevocations {
  revoke(sid: string, untilMs: number): Promise<Revocation>
  isRevoked(sid: string): Promise<boolean>
  close(): Promise<void>
}

/** Keys in Redis: `<REDIS_KEY_PREFIX>:revoked-session:<sid>`. */
const REDIS_NAMESPACE = 'revoked-session:'

/**
 * Revoked ids in this process (no Redis). None is dropped before its session would have expired:
 * dropping one (as this store did when it held 100,000) let that signed-out cookie work again.
 */
export function memoryRevocations(now: () => number, options: ExpiringMapOptions = {}): SessionRevocations {
  const revoked = expiringMap(options)
  return {
    async revoke(sid, untilMs) {
      revoked.set(sid, untilMs, now())
      return 'recorded'
    },
    async isRevoked(sid) {
      return revoked.liveUntil(sid, now()) !== undefined
    },
    async close() {
      revoked.clear()
    },
  }
}

/** What a sign-out came to: written to the store, kept here until it can be, or not kept at all. */
export type Revocation = 'recorded' | 'pending' | 'lost'

/**
 * Sign-outs one process keeps while Redis is away: ≈ 150 bytes each, so at most ≈ 1.5 MB. Past it
 * a sign-out is lost (logged at error) rather than the pod's memory.
 */
const MAX_PENDING = 10_000

export interface RedisRevocationsOptions {
  redis: SharedRedis
  now: () => number
  log: FastifyBaseLogger
  /** `session_revocations_pending`; none when the plugin runs alone. */
  pendingGauge?: Gauge
  maxPending?: number
}

/**
 * Revoked ids in Redis, shared by every replica. A sign-out Redis cannot record (an outage) is kept
 * in this process, refused here at once, and written when Redis answers again (issue 47): before,
 * it was dropped and a copy of the cookie worked on every other pod until it expired. A pod that
 * stops during the outage loses what it kept (docs/redis.md).
 */
export function redisRevocations(options: RedisRevocationsOptions): SessionRevocations {
  const { redis, now, log } = options
  const REDIS_PREFIX = redis.prefix(REDIS_NAMESPACE)
  const maxPending = options.maxPending ?? MAX_PENDING
  const pending = new Map<string, number>()
  const counted = () => options.pendingGauge?.set(pending.size)
  const write = (sid: string, untilMs: number) => {
    const seconds = Math.max(1, Math.ceil((untilMs - now()) / 1000))
    return redis.run((client) => client.set(`${REDIS_PREFIX}${sid}`, '1', 'EX', seconds))
  }
  let flushing = false
  async function flush() {
    if (flushing || pending.size === 0) return
    flushing = true
    let written = 0
    try {
      for (const [sid, untilMs] of pending) {
        if (untilMs > now()) await write(sid, untilMs)
        pending.delete(sid)
        written += 1
      }
      log.info({ written }, 'sign-outs kept during the Redis outage are recorded')
    } catch (err) {
      log.warn({ err, written, left: pending.size }, 'sign-outs kept during the outage: not all recorded yet')
    } finally {
      flushing = false
      counted()
    }
  }
  redis.onStateChange((up) => {
    if (up) void flush()
  })
  return {
    async revoke(sid, untilMs) {
      try {
        await write(sid, untilMs)
        return 'recorded'
      } catch (err) {
        if (pending.size >= maxPending) {
          log.error({ err }, 'could not record a sign-out and too many are waiting: this one is lost')
          return 'lost'
        }
        pending.set(sid, untilMs)
        counted()
        log.warn({ err, pending: pending.size }, 'sign-out kept in memory until Redis answers')
        return 'pending'
      }
    },
    async isRevoked(sid) {
      const kept = pending.get(sid)
      if (kept !== undefined && kept > now()) return true
      return (await redis.run((client) => client.exists(`${REDIS_PREFIX}${sid}`))) === 1
    },
    async close() {
      if (pending.size > 0) log.error({ lost: pending.size }, 'stopping with sign-outs Redis never recorded')
      pending.clear()
    },
  }
}
