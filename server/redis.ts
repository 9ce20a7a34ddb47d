import type { Redis, RedisOptions } from 'ioredis'

/**
 * A client of the shared store, with ioredis loaded on the first call: a process without
 * REDIS_URL (one replica, the sandbox, the tests) never loads it, which was ≈ 70 ms of every start
 * (measured 2026-11-28: the module graph is half of the time to serving).
 */
export async function connectRedis(url: string, options: RedisOptions): Promise<Redis> {
  const { Redis } = await import('ioredis')
  return new Redis(url, options)
}
