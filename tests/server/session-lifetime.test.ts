import t from 'tap'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { startSandbox } from '../../sandbox/index.ts'
import { build, cookieHeader, SAME_ORIGIN, sessionCookieOf, signIn } from '../helper.ts'
import { startRedis } from '../support/redis.ts'

const GET_TOKEN = '/api/tokens/getToken'
const HOUR = 60 * 60_000

type App = Awaited<ReturnType<typeof build>>['app']

/** A same-origin call that needs a signed-in session; the cookie it sets (if any) is returned too. */
async function whoAmI(app: App, cookie: string) {
  const response = await app.inject({
    method: 'POST',
    url: GET_TOKEN,
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
  })
  return { status: response.statusCode, cookie: sessionCookieOf(response) ?? cookie, body: response.body }
}

async function signOut(app: App, cookie: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
  })
  t.equal(response.statusCode, 200, 'signed out')
}

t.test('sign-out › a cookie captured before sign-out is refused afterwards', async (t) => {
  const { app } = await build(t)
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  t.equal((await whoAmI(app, cookie)).status, 200, 'works while signed in')
  await signOut(app, cookie)
  const replay = await whoAmI(app, cookie)
  t.equal(replay.status, 401, 'the replayed cookie gets 401 on /api')
  t.notMatch(replay.body, /sbx_/, 'and no fresh token')
})

t.test('sign-out › the replayed cookie renders the signed-out page', async (t) => {
  const { app } = await build(t, { ssr: true })
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const before = await app.inject({ url: '/auth/sign_in', headers: cookieHeader(cookie) })
  t.match(before.body, DEMO_ACCOUNT.email, 'signed-in page names the account')
  await signOut(app, cookie)
  const after = await app.inject({ url: '/auth/sign_in', headers: cookieHeader(cookie) })
  t.equal(after.statusCode, 200)
  t.notMatch(after.body, DEMO_ACCOUNT.email, 'the page is the signed-out one')
})

t.test('sign-out › with REDIS_URL a second replica refuses the replayed cookie too', async (t) => {
  const redis = await startRedis(t)
  const sandbox = await startSandbox()
  t.teardown(() => sandbox.close())
  const env = { REDIS_URL: redis.url }
  const { app: first } = await build(t, { env, sandbox })
  const { app: second } = await build(t, { env, sandbox })
  const cookie = await signIn(first, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  t.equal((await whoAmI(second, cookie)).status, 200, 'any replica serves the session')
  await signOut(first, cookie)
  t.equal((await whoAmI(second, cookie)).status, 401, 'the other replica knows of the sign-out')
})

t.test('lifetime › a session ends 12 h after sign-in however active it was', async (t) => {
  let now = Date.parse('2026-11-22T08:00:00Z')
  const { app } = await build(t, { now: () => now })
  let cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  // Active every 50 minutes: the idle time-out never strikes, each answer re-seals the cookie.
  for (let elapsed = 50; elapsed < 12 * 60; elapsed += 50) {
    now += 50 * 60_000
    const answer = await whoAmI(app, cookie)
    if (answer.status !== 200) t.fail(`refused after ${elapsed} min of activity`)
    cookie = answer.cookie
  }
  now = Date.parse('2026-11-22T20:00:00Z')
  t.equal((await whoAmI(app, cookie)).status, 401, 'refused at 12 h, although used a minute ago')
})

t.test('lifetime › a session unused for the idle time-out ends', async (t) => {
  let now = Date.parse('2026-11-22T08:00:00Z')
  const { app } = await build(t, { now: () => now, env: { SESSION_IDLE_MINUTES: '30' } })
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  now += 29 * 60_000
  const active = await whoAmI(app, cookie)
  t.equal(active.status, 200, 'used within the idle time-out')
  now += 29 * 60_000
  t.equal((await whoAmI(app, active.cookie)).status, 200, 'counted from the last use, not from sign-in')
  now += HOUR
  t.equal((await whoAmI(app, active.cookie)).status, 401, 'an hour idle: signed out')
})
