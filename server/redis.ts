import type { FastifyBaseLogger } from 'fastify'
import type { Redis, RedisOptions } from 'ioredis'
import type CircuitBreaker from 'opossum'
import type { OpsMetrics } from './plugins/app/metrics.ts'

/** Why a store command did not get an answer (the `reason` of `redis_command_failures_total`). */
export type RedisFailure = 'breaker_open' | 'timeout' | 'error'

/**
 * The one Redis connection every shared store uses (issue 44 point 4: three stores once opened
 * three), with a circuit breaker in front of it (issue 47 point 2).
 */
export interface SharedRedis {
  /** `<REDIS_KEY_PREFIX>:<namespace>`: where a store's keys live. */
  prefix(namespace: string): string
  /**
   * Runs one store command. While Redis is known to be away (the connection is down, or commands
   * kept failing and the breaker is open) it fails at once: no caller waits out a time-out.
   */
  run<T>(command: (client: Redis) => Promise<T>): Promise<T>
  /** True while the connection is ready and the breaker closed: the readiness check's answer. */
  answering(): boolean
  /** Called with true each time Redis answers again after an outage, false when one starts. */
  onStateChange(listener: (up: boolean) => void): void
  /** The client, for @fastify/rate-limit's own store (its calls go through `run` around it). */
  readonly client: Redis
  close(): Promise<void>
}

export interface SharedRedisOptions {
  url: string
  keyPrefix: string
  log: FastifyBaseLogger
  metrics?: OpsMetrics
  /** ioredis options a test changes (a shorter command time-out); production takes the defaults. */
  redisOptions?: RedisOptions
  /** The breaker's options a test changes; production takes the defaults below. */
  breakerOptions?: CircuitBreaker.Options
}

/** How long the first connection may take before the process starts without it (down). */
const FIRST_CONNECTION_WAIT_MS = 1500

/**
 * The connection. Nothing waits for a Redis that is not there: with the offline queue off, a
 * command sent while disconnected fails at once, and the breaker opens after a few commands time
 * out on a Redis that accepts connections but does not answer (a hung or overloaded server). Each
 * store then fails open or closed at once (docs/redis.md). Before, commands queued offline until
 * their 0.5 s time-out: every rate-limited call of an outage took that much longer, a sign-out 2.2 s.
 */
const CONNECTION: RedisOptions = {
  connectTimeout: 1000,
  commandTimeout: 500,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectionName: 'account-edge',
  // Reconnect every 0.2 s at first, then at most every 2 s, for as long as the process lives.
  retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  lazyConnect: true,
}

/**
 * Open after half of at least 3 commands in the rolling 5 s failed; after 1 s one command tries
 * (half-open): its answer closes the breaker, its failure opens it for another second. Each
 * command has its own time-out (ioredis's `commandTimeout`): the breaker adds none.
 */
const BREAKER: CircuitBreaker.Options = {
  timeout: false,
  errorThresholdPercentage: 50,
  volumeThreshold: 3,
  resetTimeout: 1000,
  rollingCountTimeout: 5000,
}

/**
 * Loads ioredis and opossum on the first call: a process without REDIS_URL (one replica, the
 * sandbox, most tests) never loads them (≈ 70 ms of every start).
 */
export async function connectSharedRedis(options: SharedRedisOptions): Promise<SharedRedis> {
  const [{ Redis }, { default: Breaker }] = await Promise.all([import('ioredis'), import('opossum')])
  const { log, metrics } = options
  const client = new Redis(options.url, { ...CONNECTION, ...options.redisOptions })
  const run = <T>(command: (redis: Redis) => Promise<T>) => command(client)
  const breaker = new Breaker(run, { ...BREAKER, ...options.breakerOptions })
  const listeners = new Set<(up: boolean) => void>()
  let up = false
  // One line when an outage starts and one when it ends: ioredis reports every failed reconnection
  // as an `error` event (several a second), and an error line each was noise, not news.
  let outage = false
  let closing = false
  metrics?.redisBreakerOpen.set(1)
  const report = (nowUp: boolean, err?: unknown) => {
    if (closing) return
    if (!nowUp && !outage) {
      outage = true
      log.warn({ err }, 'Redis unreachable: rate limits pass unchecked, single-use claims are refused')
    } else if (nowUp && outage) {
      outage = false
      log.info('Redis answers again')
    }
    if (nowUp === up) return
    up = nowUp
    metrics?.redisBreakerOpen.set(nowUp ? 0 : 1)
    for (const listener of listeners) listener(nowUp)
  }
  client.on('error', (err) => report(false, err))
  client.on('close', () => {
    breaker.open()
    report(false)
  })
  client.on('ready', () => {
    breaker.close()
    report(true)
  })
  breaker.on('open', () => report(false))
  breaker.on('close', () => report(client.status === 'ready'))

  // The first connection is awaited a moment, so a healthy Redis is up before the first request;
  // a Redis still starting (or away) leaves the process starting without it, retrying behind.
  const ready = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS)
    client.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  client.connect().catch(() => undefined)
  await ready

  return {
    client,
    prefix: (namespace) => `${options.keyPrefix}:${namespace}`,
    async run(command) {
      try {
        return (await breaker.fire(command)) as Awaited<ReturnType<typeof command>>
      } catch (err) {
        metrics?.redisCommandFailures.inc({ reason: failureOf(err) })
        throw err
      }
    },
    answering: () => up && client.status === 'ready' && !breaker.opened,
    onStateChange(listener) {
      listeners.add(listener)
      listener(up)
    },
    async close() {
      closing = true
      listeners.clear()
      breaker.shutdown()
      client.disconnect()
    },
  }
}

/**
 * A store command that failed, in the log: at warn when it is news, at debug while Redis is known
 * to be away (the connection said so once; each failed command is counted, not logged again).
 */
export function logStoreFailure(log: FastifyBaseLogger, err: unknown, message: string): void {
  if ((err as { code?: string }).code === 'EOPENBREAKER') log.debug(message)
  else log.warn({ err }, message)
}

function failureOf(err: unknown): RedisFailure {
  const { code, message } = err as { code?: string; message?: string }
  if (code === 'EOPENBREAKER') return 'breaker_open'
  if (message === 'Command timed out') return 'timeout'
  return 'error'
}
