/** Too many wrong passwords: the account is locked for a while (spec §8). */
export const LOCKED = '700123'

/**
 * How many seconds are left of a lock, from the upstream's 700123 answer: `item.retryAfterSeconds`,
 * else `item.lockedUntil` (an ISO time) counted from now; undefined when it says neither
 * (docs/sandbox.md shows the shape the sandbox answers).
 */
export function lockoutSeconds(item: unknown, now: number = Date.now()): number | undefined {
  const { retryAfterSeconds, lockedUntil } = (item ?? {}) as {
    retryAfterSeconds?: unknown
    lockedUntil?: unknown
  }
  const seconds = Number(retryAfterSeconds)
  if (
    retryAfterSeconds !== undefined &&
    retryAfterSeconds !== null &&
    Number.isFinite(seconds) &&
    seconds > 0
  ) {
    return Math.ceil(seconds)
  }
  const until = typeof lockedUntil === 'string' ? Date.parse(lockedUntil) : Number.NaN
  return Number.isFinite(until) && until > now ? Math.ceil((until - now) / 1000) : undefined
}

/**
 * The lock in words, the way the rate limits say it ("try again in 14 minutes", "in 40 seconds"):
 * minutes from 90 seconds on, rounded up; without a usable wait, the catalogue's text for 700123.
 */
export function lockoutMessage(
  seconds: number | undefined,
  t: (key: string, values?: Record<string, number>) => string,
): string {
  if (seconds === undefined || seconds <= 1) return t('errors:code.700123')
  if (seconds < 90) return t('signIn.lockedSeconds', { seconds })
  return t('signIn.lockedMinutes', { minutes: Math.ceil(seconds / 60) })
}
