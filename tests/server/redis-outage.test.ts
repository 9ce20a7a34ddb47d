import { once } from 'node:events'
import pino from 'pino'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { connectSharedRedis } from '../../server/redis.ts'
import { build, cookieHeader, isSignedIn, SAME_ORIGIN, signIn } from '../helper.ts'
import { sampleOf } from '../support/metrics.ts'
import { startRedis } from '../support/redis.ts'

// Issue 47 point 2: Redis you can trust. A sign-out Redis cannot record is kept and written when it
// answers again (before, it was dropped: a copy of the cookie stayed signed in on every other pod
// for up to 12 hours), and no call waits out a time-out on a Redis known to be away.

type App = Awaited<ReturnType<typeof build>>['app']

async function sample(app: App, name: string, labels: Record<string, string> = {}) {
  return sampleOf(await app.metrics.metrics(), name, labels)
}

/** Polls until `check` holds: waits on the state the test needs, with a hang guard, never a clock. */
async function waitFor(what: string, check: () => Promise<boolean>) {
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const port = (url: string) => Number(new URL(url).port)

t.test(
  'a sign-out during a Redis outage is recorded once Redis is back: the old cookie is refused everywhere',
  async (t) => {
    const redis = await startRedis(t)
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'account-edge-outage' }
    const { app: podA, sandbox } = await build(t, { env })
    const { app: podB } = await build(t, { env, sandbox })
    const cookie = await signIn(podA, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    t.equal(await isSignedIn(podB, cookie), true, 'one session, served by both pods')

    redis.process.kill('SIGKILL')
    await once(redis.process, 'exit')
    await waitFor('pod B to see Redis away', async () => (await sample(podB, 'redis_breaker_open')) === 1)

    const signOut = await podB.inject({
      method: 'POST',
      url: '/auth/sign_out',
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
    })
    t.equal(signOut.statusCode, 200, 'the sign-out answers')
    t.match(
      String(signOut.headers['set-cookie']),
      /__Host-session=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i,
      'the cookie is cleared',
    )
    t.equal(await sample(podB, 'session_revocations_pending'), 1, 'pod B keeps the sign-out')
    t.equal(await isSignedIn(podB, cookie), false, 'pod B refuses the old cookie at once')

    // Redis comes back empty, where the pods expect it.
    await startRedis(t, { port: port(redis.url) })
    await waitFor(
      'pod B to write what it kept',
      async () => (await sample(podB, 'session_revocations_pending')) === 0,
    )
    await waitFor('pod A to reach Redis again', async () => (await sample(podA, 'redis_breaker_open')) === 0)
    t.equal(
      await isSignedIn(podA, cookie),
      false,
      'pod A refuses the cookie signed out on pod B during the outage',
    )
  },
)

t.test(
  'a Redis that stops answering: after a few time-outs the breaker opens and calls fail at once',
  async (t) => {
    const redis = await startRedis(t)
    const { app } = await build(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'account-edge-hung' } })
    await waitFor('Redis up', async () => (await sample(app, 'redis_breaker_open')) === 0)

    // Hung, not gone: the connection stays open and commands get no answer (each would wait 0.5 s).
    redis.process.kill('SIGSTOP')
    t.teardown(() => {
      redis.process.kill('SIGCONT')
    })
    const step = () =>
      app.inject({
        method: 'POST',
        url: '/auth/sign_in/flow/email',
        headers: SAME_ORIGIN,
        payload: { email: DEMO_ACCOUNT.email },
      })
    const calls = 20
    for (let call = 0; call < calls; call += 1)
      t.equal((await step()).statusCode, 200, `call ${call + 1} is served`)
    const timeouts = (await sample(app, 'redis_command_failures_total', { reason: 'timeout' })) || 0
    const refusedAtOnce = (await sample(app, 'redis_command_failures_total', { reason: 'breaker_open' })) || 0
    // The breaker opens after 3 failures in its window; after that only its one trial a second
    // (half-open) waits for a time-out, so most calls fail at once, whatever the machine's load.
    t.ok(timeouts >= 1, `the first commands waited for their time-out (${timeouts})`)
    t.ok(timeouts + refusedAtOnce >= calls, 'every call met the dead Redis')
    t.ok(
      refusedAtOnce >= 2 * timeouts,
      `most failed at once, without waiting (${refusedAtOnce} vs ${timeouts})`,
    )
    t.equal(await sample(app, 'redis_breaker_open'), 1, 'the breaker says Redis is away')

    redis.process.kill('SIGCONT')
    await waitFor('the breaker to close once Redis answers', async () => {
      await step()
      return (await sample(app, 'redis_breaker_open')) === 0
    })
    t.equal(await sample(app, 'store_up', { store: 'rate-limit' }), 1, 'the rate-limit store is up again')
  },
)

t.test(
  'one connection: a boot logs nothing, an outage one warning (not an error per reconnection)',
  async (t) => {
    const lines: { level: number; msg: string }[] = []
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) })
    const redis = await startRedis(t)
    const shared = await connectSharedRedis({ url: redis.url, keyPrefix: 'account-edge-log', log })
    t.teardown(() => shared.close())
    t.equal(shared.answering(), true, 'connected before the first request')
    t.same(lines, [], 'a boot with Redis up logs nothing')

    let failedReconnections = 0
    shared.client.on('error', () => {
      failedReconnections += 1
    })
    redis.process.kill('SIGKILL')
    await once(redis.process, 'exit')
    await waitFor('three failed reconnections', async () => failedReconnections >= 3)
    t.same(
      lines.map(({ level, msg }) => ({ level, msg })),
      [{ level: 40, msg: 'Redis unreachable: rate limits pass unchecked, single-use claims are refused' }],
      'one warning for the whole outage',
    )
    await startRedis(t, { port: port(redis.url) })
    await waitFor('Redis back', async () => shared.answering())
    t.same(
      lines.at(-1),
      { ...lines.at(-1), level: 30, msg: 'Redis answers again' },
      'and one line when it ends',
    )
    t.equal(lines.length, 2)
  },
)

t.test('READINESS_REQUIRE_STORE=true: /readyz fails while Redis is away, and only then', async (t) => {
  const redis = await startRedis(t)
  const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'account-edge-ready' }
  const { app: strict, sandbox } = await build(t, { env: { ...env, READINESS_REQUIRE_STORE: 'true' } })
  const { app: lenient } = await build(t, { env, sandbox })
  t.equal((await strict.inject('/readyz')).statusCode, 200)
  redis.process.kill('SIGKILL')
  await once(redis.process, 'exit')
  await waitFor('Redis seen away', async () => (await sample(strict, 'redis_breaker_open')) === 1)
  t.equal((await strict.inject('/readyz')).statusCode, 503, 'the pod leaves the Service')
  t.equal((await lenient.inject('/readyz')).statusCode, 200, 'by default readiness ignores the store')
  await startRedis(t, { port: port(redis.url) })
  await waitFor('ready again', async () => (await strict.inject('/readyz')).statusCode === 200)
  t.pass('ready again once Redis answers')
})
