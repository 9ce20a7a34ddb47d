/** server/random-pool.ts: CSP nonces drawn from a pooled CSPRNG buffer, each byte handed out once. */
import t from 'tap'
import { randomPool } from '../../server/random-pool.ts'

t.test('random pool › values of the asked length, never repeated, across many refills', async (t) => {
  // A small pool, so 2000 draws of 32 bytes refill it 1000 times.
  const randomHex = randomPool(64)
  const seen = new Set<string>()
  for (let i = 0; i < 2000; i++) {
    const value = randomHex(32)
    t.equal(value.length, 64, 'hex of 32 bytes')
    seen.add(value)
  }
  t.equal(seen.size, 2000, 'no value handed out twice')
})

t.test('random pool › a draw that does not fit the rest of the pool takes fresh bytes', async (t) => {
  const randomHex = randomPool(48)
  const first = randomHex(32)
  // 16 bytes are left: a second 32-byte draw must come from a refill, not run past the end.
  const second = randomHex(32)
  t.equal(second.length, 64)
  t.not(second, first)
  t.notMatch(second, /^0{32}/, 'not the zeroed bytes of the first draw')
  t.throws(() => randomHex(49), RangeError, 'more than the pool holds is refused')
})

t.test('random pool › the bytes look random (each hex digit about equally often)', async (t) => {
  const randomHex = randomPool()
  const counts = new Map<string, number>()
  for (let i = 0; i < 4000; i++)
    for (const digit of randomHex(32)) counts.set(digit, (counts.get(digit) ?? 0) + 1)
  t.equal(counts.size, 16)
  // 256,000 digits, 16,000 expected each: a pool handing out zeros or unfilled memory is far outside ±5 %.
  for (const [digit, count] of counts) t.ok(Math.abs(count - 16_000) < 800, `${digit}: ${count}`)
})

t.test(
  'random pool › base64url draws: 12 bytes are 16 characters of the URL-safe alphabet, all distinct',
  async (t) => {
    const randomText = randomPool(100)
    const seen = new Set<string>()
    for (let i = 0; i < 1000; i++) {
      const value = randomText(12, 'base64url')
      t.match(value, /^[A-Za-z0-9_-]{16}$/)
      seen.add(value)
    }
    t.equal(seen.size, 1000)
  },
)
