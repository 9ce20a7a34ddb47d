/**
 * Reset messages one client may have sent to one address (review finding L4, issue 46): a
 * stranger cannot use up the five a day the upstream allows an address and so lock its owner out
 * of a reset. The client's share (RESET_SENDS_PER_CLIENT, 2) is answered like the upstream's own
 * limit, alike for known and unknown addresses (security.md #15); another client still sends.
 */
import t from 'tap'
import { RESET_ACCOUNT, startSandbox } from '../../../sandbox/index.ts'
import { ENDPOINTS } from '../../../shared/api/endpoints.ts'
import { build, SAME_ORIGIN, upstreamCalls } from '../../helper.ts'
import { manualClock } from '../../sandbox/helpers.ts'

const clock = manualClock()
const sandbox = await startSandbox({ now: clock.now })
t.teardown(() => sandbox.close())
const sg = sandbox.regions.sg.url
const { app } = await build(t, { sandbox, env: { RATE_LIMIT_RESET: '1000/1m' } })
const SEND = `/api/${ENDPOINTS.sendResetEmail.path}`

const send = (email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: SEND, remoteAddress, headers: SAME_ORIGIN, payload: { email } })
const forwarded = () => upstreamCalls(sg, 'sendResetEmail')

t.test(
  'one client sends an address two reset messages a day; the owner elsewhere still gets one',
  async (t) => {
    for (const email of [RESET_ACCOUNT.email, 'nobody-here@sandbox.test']) {
      const stranger = email === RESET_ACCOUNT.email ? '203.0.113.50' : '203.0.113.51'
      for (let round = 0; round < 2; round++) {
        t.equal(
          (await send(email, stranger)).json().retCode,
          '000000',
          `${email}: send ${round + 1} goes out`,
        )
        clock.advance(61_000) // past the upstream's one-minute wait
      }
      const before = await forwarded()
      const third = await send(email, stranger)
      t.equal(third.json().retCode, '700605', `${email}: the third is this client's limit`)
      t.match(third.json().retMsg, /at most 5 times in 24 hours/)
      t.equal(await forwarded(), before, 'and never reaches the upstream')
      const owner = await send(email, '198.51.100.77')
      t.equal(owner.json().retCode, '000000', `${email}: the owner, elsewhere, still gets a reset`)
      clock.advance(61_000)
    }
  },
)

t.test('a send the upstream refused costs the client nothing', async (t) => {
  const email = 'too-soon@sandbox.test'
  const client = '203.0.113.60'
  t.equal((await send(email, client)).json().retCode, '000000')
  // At once again: the upstream's one-minute wait (700631), nothing sent.
  t.equal((await send(email, client)).json().retCode, '700631')
  clock.advance(61_000)
  t.equal((await send(email, client)).json().retCode, '000000', 'the refused one did not count')
})
