import { randomFillSync } from 'node:crypto'

/** Bytes drawn from the system's CSPRNG at once: 128 pairs of CSP nonces per refill. */
const POOL_BYTES = 4096

/**
 * Random bytes as hex (or base64url), taken from a pool the CSPRNG fills a few kilobytes at a time,
 * as Node's own `randomUUID()` does. Each byte is handed out once, then the pool is refilled: the
 * values are as unpredictable as `randomBytes()`'s. Why a pool: one `randomBytes(32)` per response cost more
 * than the rest of the security headers together on the `/api` bench path (ADR 0094).
 */
export function randomPool(poolBytes = POOL_BYTES) {
  const pool = Buffer.allocUnsafe(poolBytes)
  let offset = poolBytes
  return function randomText(bytes: number, encoding: 'hex' | 'base64url' = 'hex'): string {
    if (bytes > poolBytes) throw new RangeError(`at most ${poolBytes} bytes at a time`)
    if (offset + bytes > poolBytes) {
      randomFillSync(pool)
      offset = 0
    }
    const text = pool.toString(encoding, offset, offset + bytes)
    // Zeroed once used: a later read of the pool (a heap dump) does not show nonces already sent.
    pool.fill(0, offset, offset + bytes)
    offset += bytes
    return text
  }
}
