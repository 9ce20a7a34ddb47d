import t from 'tap'
import { memoryRevocations } from '../../../server/plugins/app/session-revocations.server.ts'

// The sign-out list in one process (no Redis). A cookie copied before its sign-out must stay
// refused until the session would have expired anyway, however many sign-outs came after it.

t.test('revocations (memory) › past the first sweep no live revocation is dropped', async (t) => {
  let now = 0
  let sweeps = 0
  const revocations = memoryRevocations(() => now, { sweepAt: 10, onSweep: () => sweeps++ })
  for (let i = 0; i < 100; i++) await revocations.revoke(`sid-${i}`, 60_000)
  // The old store dropped the oldest live id once full, so sid-0's stolen cookie worked again.
  t.equal(await revocations.isRevoked('sid-0'), true, 'the first sign-out still holds')
  t.equal(await revocations.isRevoked('sid-99'), true)
  t.equal(await revocations.isRevoked('sid-never'), false)
  t.equal(sweeps, 4, `swept ${sweeps} times for 100 live ids (at 10, 20, 40, 80), not on every one`)
  now = 60_000
  t.equal(await revocations.isRevoked('sid-0'), false, 'gone once its session would have expired')
})

t.test(
  'revocations (memory) › 100,001 sign-outs within a session lifetime: the first still holds',
  async (t) => {
    const revocations = memoryRevocations(() => 0)
    for (let i = 0; i <= 100_000; i++) await revocations.revoke(`sid-${i}`, 60_000)
    // The store used to hold 100,000 at most and then dropped the oldest live id.
    t.equal(await revocations.isRevoked('sid-0'), true)
    t.equal(await revocations.isRevoked('sid-100000'), true)
  },
)
