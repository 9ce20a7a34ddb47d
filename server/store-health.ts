import type { OpsMetrics, StoreName } from './plugins/app/metrics.ts'
import type { SharedRedis } from './redis.ts'

/**
 * What a shared store tells Prometheus (issue 20 point 2): whether it answers (`store_up`), and
 * each check it could not make (`store_fail_open_total` where the check is let through,
 * `store_fail_closed_total` where it is refused). A Redis outage otherwise switches off the
 * brute-force brake and sign-out revocation with one log line (ADR 0004, 0010).
 */
export interface StoreHealth {
  up(): void
  down(): void
  failedOpen(): void
  failedClosed(): void
}

/**
 * Without metrics (a plugin registered alone in a test) every report is a no-op. A store in this
 * process's memory says so in `store_backend{kind="memory"}` and has no `store_up` at all: a 1
 * there read as "shared and answering" while each replica kept its own (issue 47).
 */
export function storeHealth(
  metrics: OpsMetrics | undefined,
  store: StoreName,
  redis: SharedRedis | undefined,
): StoreHealth {
  const labels = { store }
  metrics?.storeBackend.set({ store, kind: redis ? 'redis' : 'memory' }, 1)
  // The gauge is set when the state changes, not on every answer: `up()` follows each limited
  // `/api` call, and prom-client's set (label hashing, a map write) was ≈ 0.5 % of one.
  let known: 0 | 1 | undefined
  const report = (state: 0 | 1) => {
    if (state === known || !metrics) return
    known = state
    metrics.storeUp.set(labels, state)
  }
  const health: StoreHealth = {
    up: () => report(1),
    down: () => report(0),
    failedOpen: () => metrics?.storeFailOpen.inc(labels),
    failedClosed: () => metrics?.storeFailClosed.inc(labels),
  }
  if (!redis) return { up() {}, down() {}, failedOpen: health.failedOpen, failedClosed: health.failedClosed }
  // `store_up` follows the connection: 0 until it is ready, 0 again once it drops or the breaker opens.
  redis.onStateChange((up) => (up ? health.up() : health.down()))
  return health
}
