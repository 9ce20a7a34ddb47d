import { hash } from 'node:crypto'
import fp from 'fastify-plugin'
import { type ExpiringMapOptions, expiringMap } from '../../expiring-map.ts'
import { logStoreFailure, type SharedRedis } from '../../redis.ts'
import { storeHealth } from '../../store-health.ts'
import type { OpsMetrics } from './metrics.ts'

/**
 * Claims on single-use things (a reset link, a provider state, an `authId`): the first claim of a
 * key wins, on every replica and whatever copy of a cookie asks (security.md #19). In Redis when
 * REDIS_URL is set (`SET NX PX`: atomic across replicas); in this process otherwise, which holds
 * for one replica only (README, docs/operations.md).
 */
export interface SingleUse {
  /** True for the first claim of `key` within `ttlMs`; false for every later one. */
  claim(key: StoreKey, ttlMs: number): Promise<boolean>
  /** Gives a claim back (the step failed for a reason the user can fix and retry). */
  release(key: StoreKey): Promise<void>
  /**
   * Uses up a claim someone else made: true for the first `take` of a live claim, false when there
   * is none (never made, expired, or already taken). How one session hands a result to another
   * (a sign-up's link opened in another browser) without either seeing the other's cookie.
   */
  take(key: StoreKey): Promise<boolean>
  /**
   * Keeps `value` under `key` for `ttlMs`, replacing what was there: which claims belong together
   * (a session's open rate-limit allowance names the claims its steps make), for every replica.
   * A failed write is logged and forgotten: the allowance is then absent and the next step pays.
   */
  remember(key: StoreKey, value: string, ttlMs: number): Promise<void>
  /** What `remember` left under `key` while it lives; undefined otherwise (or the store failed). */
  recall(key: StoreKey): Promise<string | undefined>
  /**
   * Holds `key` for `owner` (a thing one session owns, e.g. the address of a registration it
   * started: issue 46): `claimed` when the key was free or already `owner`'s, and is now `owner`'s
   * for `ttlMs` from now; `taken` while it is someone else's; `unavailable` when the store cannot
   * answer (the caller refuses: fails closed). Atomic across replicas.
   */
  claimFor(key: StoreKey, owner: string, ttlMs: number): Promise<'claimed' | 'taken' | 'unavailable'>
  /** True while `key` is `owner`'s (never renews it); false otherwise or when the store fails. */
  heldBy(key: StoreKey, owner: string): Promise<boolean>
  /** Frees `key` if it is `owner`'s (someone else's hold stays). */
  releaseFor(key: StoreKey, owner: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    singleUse: SingleUse
  }
}

/** Keys in Redis: `<REDIS_KEY_PREFIX>:single-use:<hash>`. */
const REDIS_NAMESPACE = 'single-use:'

/**
 * What the store keeps of a key: its SHA-256. Keys hold secrets (a reset link's id, a provider
 * state, a pending login token); Redis and a heap dump see only their hashes.
 */
const stored = (key: StoreKey) =>
  key instanceof HashedKey
    ? key.hashed
    : // The one-shot `hash()` (the same SHA-256) skips the Hash object `createHash` builds per key.
      hash('sha256', key, 'base64url')

/**
 * A key already hashed, for a caller that uses the same key twice in one request (a rate-limit
 * allowance is recalled, then renewed): one SHA-256 instead of two.
 */
export class HashedKey {
  readonly hashed: string
  constructor(raw: string) {
    this.hashed = stored(raw)
  }
}

/** A key as the store takes it: the raw text (hashed inside) or a `HashedKey`. */
export type StoreKey = string | HashedKey
export type MemorySingleUseOptions = ExpiringMapOptions

/** Claims in this process (no Redis): a live claim is never dropped (server/expiring-map.ts). */
export function memorySingleUse(
  now: () => number = Date.now,
  options: MemorySingleUseOptions = {},
): SingleUse {
  const claims = expiringMap(options)
  const notes = expiringMap<string>(options)
  const holds = expiringMap<string>(options)
  return {
    async claim(raw, ttlMs) {
      const key = stored(raw)
      const at = now()
      if (claims.liveUntil(key, at) !== undefined) return false
      claims.set(key, at + ttlMs, at)
      return true
    },
    async release(raw) {
      claims.delete(stored(raw))
    },
    async take(raw) {
      const key = stored(raw)
      const live = claims.liveUntil(key, now()) !== undefined
      claims.delete(key)
      return live
    },
    async remember(raw, value, ttlMs) {
      const at = now()
      notes.set(stored(raw), at + ttlMs, at, value)
    },
    async recall(raw) {
      return notes.valueAt(stored(raw), now())
    },
    async claimFor(raw, owner, ttlMs) {
      const key = stored(raw)
      const at = now()
      const held = holds.valueAt(key, at)
      if (held !== undefined && held !== ownerMark(owner)) return 'taken'
      holds.set(key, at + ttlMs, at, ownerMark(owner))
      return 'claimed'
    },
    async heldBy(raw, owner) {
      return holds.valueAt(stored(raw), now()) === ownerMark(owner)
    },
    async releaseFor(raw, owner) {
      const key = stored(raw)
      if (holds.valueAt(key, now()) === ownerMark(owner)) holds.delete(key)
    },
  }
}

/** What the store keeps of an owner: its SHA-256 (an owner may be a session id). */
const ownerMark = (owner: string) => hash('sha256', owner, 'base64url')

/** Sets KEYS[1] to ARGV[1] for ARGV[2] ms when it is free or already ARGV[1]'s: 1, else 0. */
const CLAIM_FOR = `local held = redis.call('GET', KEYS[1])
if held == false or held == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`
/** Deletes KEYS[1] only while it is ARGV[1]'s. */
const RELEASE_FOR = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

export interface SingleUsePluginOptions {
  /** The shared connection (server/redis.ts); none: claims in this process. */
  redis: SharedRedis | undefined
  /** store_up / store_fail_closed_total; none when the plugin runs alone. */
  metrics?: OpsMetrics
}

export default fp<SingleUsePluginOptions>(
  async (app, options) => {
    const { redis } = options
    const health = storeHealth(options.metrics, 'single-use', redis)
    if (!redis) {
      app.decorate('singleUse', memorySingleUse())
      return
    }
    const REDIS_PREFIX = redis.prefix(REDIS_NAMESPACE)
    const failed = (err: unknown, message: string) => logStoreFailure(app.log, err, message)
    app.decorate('singleUse', {
      async claim(key: StoreKey, ttlMs: number) {
        try {
          const set = await redis.run((client) =>
            client.set(`${REDIS_PREFIX}${stored(key)}`, '1', 'PX', Math.max(1, ttlMs), 'NX'),
          )
          health.up()
          return set === 'OK'
        } catch (err) {
          // Fail closed: a link that might already be used is refused (the user asks for a new one),
          // unlike the rate limits, which fail open (ADR 0004).
          failed(err, 'single-use claim failed: refused')
          health.down()
          health.failedClosed()
          return false
        }
      },
      async release(key: StoreKey) {
        await redis.run((client) => client.del(`${REDIS_PREFIX}${stored(key)}`)).catch(() => undefined)
      },
      async take(key: StoreKey) {
        try {
          // DEL answers how many keys it removed: exactly one caller, on any replica, sees 1.
          const taken = (await redis.run((client) => client.del(`${REDIS_PREFIX}${stored(key)}`))) === 1
          health.up()
          return taken
        } catch (err) {
          failed(err, 'single-use take failed: nothing taken')
          health.down()
          health.failedClosed()
          return false
        }
      },
      async remember(key: StoreKey, value: string, ttlMs: number) {
        try {
          await redis.run((client) =>
            client.set(`${REDIS_PREFIX}${stored(key)}`, value, 'PX', Math.max(1, ttlMs)),
          )
          health.up()
        } catch (err) {
          failed(err, 'single-use note failed: not kept')
          health.down()
        }
      },
      async recall(key: StoreKey) {
        try {
          const value = await redis.run((client) => client.get(`${REDIS_PREFIX}${stored(key)}`))
          health.up()
          return value ?? undefined
        } catch (err) {
          failed(err, 'single-use note not read: taken as absent')
          health.down()
          return undefined
        }
      },
      async claimFor(key: StoreKey, owner: string, ttlMs: number) {
        try {
          const set = await redis.run((client) =>
            client.eval(CLAIM_FOR, 1, `${REDIS_PREFIX}${stored(key)}`, ownerMark(owner), Math.max(1, ttlMs)),
          )
          health.up()
          return set === 1 ? 'claimed' : 'taken'
        } catch (err) {
          failed(err, 'single-use hold failed: refused')
          health.down()
          health.failedClosed()
          return 'unavailable'
        }
      },
      async heldBy(key: StoreKey, owner: string) {
        try {
          const held = await redis.run((client) => client.get(`${REDIS_PREFIX}${stored(key)}`))
          health.up()
          return held === ownerMark(owner)
        } catch (err) {
          failed(err, 'single-use hold not read: not held')
          health.down()
          health.failedClosed()
          return false
        }
      },
      async releaseFor(key: StoreKey, owner: string) {
        await redis
          .run((client) => client.eval(RELEASE_FOR, 1, `${REDIS_PREFIX}${stored(key)}`, ownerMark(owner)))
          .catch(() => undefined)
      },
    })
  },
  { name: 'single-use', fastify: '5.x' },
)
