import type { FastifyBaseLogger } from 'fastify'
import { type ExpiringMapOptions, expiringMap } from '../../expiring-map.ts'
import { connectRedis } from '../../redis.ts'
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
    },
    async isRevoked(sid) {
      return revoked.liveUntil(sid, now()) !== undefined
    },
    async close() {
      revoked.clear()
    },
  }
}

export async function redisRevocations(
  url: string,
  now: () => number,
  log: FastifyBaseLogger,
  keyPrefix: string,
  health: StoreHealth,
): Promise<SessionRevocations> {
  const REDIS_PREFIX = `${keyPrefix}:${REDIS_NAMESPACE}`
  const redis = await connectRedis(url, {
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
