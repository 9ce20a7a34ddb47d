import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { type StoreHealth, watchConnection } from '../../store-health.ts'

/**
 * Session ids that were signed out, kept until the session could have expired anyway. A sealed
 * cookie is valid by itself, so without this list a cookie captured before sign-out would keep
 * working until its absolute expiry. In Redis when REDIS_URL is set (every replica sees a sign-out
 * at once), in this process's memory otherwise.
 */
export interface SessionRevocations {
  revoke(sid: string, untilMs: number): Promise<void>
  isRevoked(sid: string): Promise<boolean>
  close(): Promise<void>
}

/** Revoked ids one process remembers at most; the oldest expiry goes first when full. */
const MEMORY_LIMIT = 100_000
/** Keys in Redis: `<REDIS_KEY_PREFIX>:revoked-session:<sid>`. */
const REDIS_NAMESPACE = 'revoked-session:'

export function memoryRevocations(now: () => number): SessionRevocations {
  const revoked = new Map<string, number>()
  return {
    async revoke(sid, untilMs) {
      if (revoked.size >= MEMORY_LIMIT) {
        const at = now()
        for (const [id, until] of revoked) if (until <= at) revoked.delete(id)
        // Still full: drop the entry closest to its natural expiry (inserted first ≈ expires first).
        if (revoked.size >= MEMORY_LIMIT) revoked.delete(revoked.keys().next().value as string)
      }
      revoked.set(sid, untilMs)
    },
    async isRevoked(sid) {
      const until = revoked.get(sid)
      if (until === undefined) return false
      if (until <= now()) {
        revoked.delete(sid)
        return false
      }
      return true
    },
    async close() {
      revoked.clear()
    },
  }
}

export function redisRevocations(
  url: string,
  now: () => number,
  log: FastifyBaseLogger,
  keyPrefix: string,
  health: StoreHealth,
): SessionRevocations {
  const REDIS_PREFIX = `${keyPrefix}:${REDIS_NAMESPACE}`
  const redis = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    connectionName: 'account-edge-sessions',
  })
  let failing = false
  redis.on('error', (err) => {
    if (!failing) log.error({ err }, 'session revocation store failed')
    failing = true
  })
  redis.on('ready', () => {
    if (failing) log.info('session revocation store answers again')
    failing = false
  })
  watchConnection(redis, health)
  return {
    async revoke(sid, untilMs) {
      const seconds = Math.max(1, Math.ceil((untilMs - now()) / 1000))
      await redis.set(`${REDIS_PREFIX}${sid}`, '1', 'EX', seconds)
      health.up()
    },
    async isRevoked(sid) {
      const revoked = (await redis.exists(`${REDIS_PREFIX}${sid}`)) === 1
      health.up()
      return revoked
    },
    async close() {
      redis.disconnect()
    },
  }
}
