import { once } from 'node:events'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { build, cookieHeader, isSignedIn, SAME_ORIGIN, sessionKey, signIn } from '../helper.ts'
import { sampleOf } from '../support/metrics.ts'
import { startRedis } from '../support/redis.ts'
import { waitFor } from '../support/wait.ts'

// Issue 20 point 2: a Redis outage switches off the brute-force brake and sign-out revocation
// (they fail open by design, ADR 0004/0010) and refuses single-use claims (fail closed). Operators
// must see it as numbers: store_up{store}, store_fail_open_total{store},
// store_fail_closed_total{store}; and session_cookie_rejected_total{reason} for cookies refused.

type App = Awaited<ReturnType<typeof build>>['app']
const STORES = ['rate-limit', 'session-revocations', 'single-use']

async function sample(app: App, name: string, labels: Record<string, string>) {
  return sampleOf(await app.metrics.metrics(), name, labels)
}

t.test(
  'stores › Redis stops: store_up falls to 0 and every check let through or refused is counted',
  async (t) => {
    const redis = await startRedis(t)
    const { app } = await build(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'account-edge-test' } })
    for (const store of STORES)
      await waitFor(`${store} up`, async () => (await sample(app, 'store_up', { store })) === 1)
    const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    t.equal(await app.singleUse.claim('while-up', 1000), true)
    for (const store of STORES)
      t.equal((await sample(app, 'store_fail_open_total', { store })) || 0, 0, `${store}: nothing failed yet`)

    redis.process.kill('SIGKILL')
    await once(redis.process, 'exit')
    for (const store of STORES)
      await waitFor(`${store} down`, async () => (await sample(app, 'store_up', { store })) === 0)
    t.pass('store_up is 0 for every store once Redis is gone')

    // The brake is off: a sign-in step passes unchecked, and says so in numbers.
    const attempt = await app.inject({
      method: 'POST',
      url: '/auth/sign_in/flow/email',
      headers: SAME_ORIGIN,
      payload: { email: DEMO_ACCOUNT.email },
    })
    t.equal(attempt.statusCode, 200, 'the sign-in step is served (fail open)')
    t.equal(await sample(app, 'store_fail_open_total', { store: 'rate-limit' }), 1)

    // Revocation is off: the session is accepted without the check.
    t.equal(await isSignedIn(app, cookie), true, 'the session is accepted (fail open)')
    t.ok((await sample(app, 'store_fail_open_total', { store: 'session-revocations' })) >= 1)

    // Single-use claims are refused rather than risk a second use.
    t.equal(await app.singleUse.claim('while-down', 1000), false, 'the claim is refused (fail closed)')
    t.equal(await sample(app, 'store_fail_closed_total', { store: 'single-use' }), 1)
    t.equal((await sample(app, 'store_fail_open_total', { store: 'single-use' })) || 0, 0, 'never open')
  },
)

t.test('stores › without REDIS_URL every store says it is in memory, and none claims to be up', async (t) => {
  const { app } = await build(t)
  for (const store of STORES) {
    t.equal(await sample(app, 'store_backend', { store, kind: 'memory' }), 1, `${store}: memory`)
    t.notOk(await sample(app, 'store_backend', { store, kind: 'redis' }), `${store}: not redis`)
    t.notOk(await sample(app, 'store_up', { store }), `${store}: no store_up for a per-pod store`)
  }
})

t.test('stores › keys carry REDIS_KEY_PREFIX, so releases sharing a Redis never share keys', async (t) => {
  const redis = await startRedis(t)
  const { app: sg } = await build(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'account-edge-sg' } })
  const { app: us } = await build(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'account-edge-us' } })
  t.equal(await sg.singleUse.claim('shared-key', 5000), true)
  t.equal(await us.singleUse.claim('shared-key', 5000), true, 'the other release has its own claims')
  const { Redis } = await import('ioredis')
  const client = new Redis(redis.url)
  t.teardown(() => client.disconnect())
  const keys = (await client.keys('*')).sort()
  t.equal(keys.length, 2)
  t.match(keys[0], /^account-edge-sg:single-use:/)
  t.match(keys[1], /^account-edge-us:single-use:/)
})

t.test('session cookies › refusals counted by reason: unreadable, expired, revoked', async (t) => {
  let now = Date.parse('2026-11-26T08:00:00Z')
  const { app } = await build(t, { now: () => now })
  const rejected = (reason: string) => sample(app, 'session_cookie_rejected_total', { reason })

  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const tampered = `${cookie.slice(0, -4)}AAAA`
  t.equal(await isSignedIn(app, tampered), false)
  t.equal(await rejected('unreadable'), 1, 'a changed cookie')

  // A cookie sealed with a key no longer in the ring reads the same way: a rotation gone wrong.
  const { app: rotated } = await build(t, { env: { SESSION_KEYS: sessionKey(42) } })
  t.equal(await isSignedIn(rotated, cookie), false)
  t.equal(await sample(rotated, 'session_cookie_rejected_total', { reason: 'unreadable' }), 1)

  now += 13 * 60 * 60_000
  t.equal(await isSignedIn(app, cookie), false)
  t.equal(await rejected('expired'), 1, 'past its absolute lifetime')

  now = Date.parse('2026-11-26T09:00:00Z')
  const fresh = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const signOut = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: { ...SAME_ORIGIN, ...cookieHeader(fresh) },
  })
  t.equal(signOut.statusCode, 200)
  t.equal(await isSignedIn(app, fresh), false)
  t.equal(await rejected('revoked'), 1, 'a copy replayed after sign-out')
})
