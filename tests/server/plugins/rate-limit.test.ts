import { once } from 'node:events'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import t, { type Test } from 'tap'
import { ConfigError, loadConfig } from '../../../config/index.ts'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { rateLimitedMessage } from '../../../server/rate-limited.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { build, SAME_ORIGIN } from '../../helper.ts'
import { freePort, startRedis } from '../../support/redis.ts'

// The sign-in's steps spend the buckets its rows name (the rows are flow-only): without a cookie
// every call starts again and pays. `resend` outside a flow is refused without an upstream call.
const SIGN_IN = '/auth/sign_in/flow/email'
const SEND_CODE = '/auth/sign_in/flow/resend'
/** A page row through /api with a bucket (signUp). */
const EMAIL_CHECK = '/api/basic-login/registerEmailCheck/4'
/** An endpoint without a `limit` bucket. */
const UNLIMITED = '/api/basic-login/config/loginConfig'

const SMALL_LIMITS = { RATE_LIMIT_SIGN_IN: '3/1m', RATE_LIMIT_CODE: '2/1m', RATE_LIMIT_SIGN_UP: '3/1m' }

function call(
  app: FastifyInstance,
  url: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...SAME_ORIGIN, ...headers },
    payload: { email: DEMO_ACCOUNT.email, password: 'Not-The-Password1' },
  })
}

/** Sends `count` calls one after the other; returns their status codes. */
async function statuses(count: number, send: () => Promise<LightMyRequestResponse>): Promise<number[]> {
  const codes: number[] = []
  for (let index = 0; index < count; index++) codes.push((await send()).statusCode)
  return codes
}

function assertRateLimited(
  t: Test,
  response: LightMyRequestResponse,
  language: 'en' | 'zh',
  windowSeconds: number,
) {
  t.equal(response.statusCode, 429)
  t.match(response.headers['content-type'], /^application\/json/)
  const retryAfter = Number(response.headers['retry-after'])
  t.ok(retryAfter >= 1 && retryAfter <= windowSeconds, `Retry-After ${retryAfter} within the window`)
  // When to try again, in words of the user's language and as a number for a countdown.
  const wait = rateLimitedMessage(language, retryAfter)
  t.same(response.json(), {
    retCode: '429',
    retMsg: wait,
    item: { retryAfterSeconds: retryAfter },
    items: [],
  })
  t.match(wait, language === 'zh' ? /\d+ (秒|分钟)后再试/ : /try again in \d+ (seconds|minutes)/)
}

t.test('rate limit › the N+1th sign-in from one IP gets 429 in the envelope, in its language', async (t) => {
  const { app } = await build(t, { env: SMALL_LIMITS })
  const ip = '203.0.113.10'
  const first = await statuses(3, () => call(app, SIGN_IN, ip))
  t.notOk(first.includes(429), `the first three pass (${first})`)

  assertRateLimited(t, await call(app, SIGN_IN, ip, { 'accept-language': 'en-GB' }), 'en', 60)
  const chinese = await call(app, SIGN_IN, ip, { 'accept-language': 'zh-CN,zh;q=0.9' })
  assertRateLimited(t, chinese, 'zh', 60)
  t.not(
    chinese.json().retMsg,
    i18nFor('en').t('errors:rateLimited'),
    'the Chinese message is not the English one',
  )
  t.equal(chinese.headers['cache-control'], 'no-store')

  // The other sign-in steps share the bucket: the budget is per bucket, not per route.
  t.equal((await call(app, '/auth/sign_in/flow/password', ip)).statusCode, 429)
})

t.test('rate limit › a call our own-pages guard refuses spends no budget (issue 46 L)', async (t) => {
  const { app } = await build(t, { env: SMALL_LIMITS })
  const ip = '203.0.113.12'
  // Another site's tab sends sign-ins, sign-ups and code requests from the office's shared address.
  for (const url of [SIGN_IN, SEND_CODE, EMAIL_CHECK]) {
    const crossSite = await statuses(10, () => call(app, url, ip, { 'sec-fetch-site': 'cross-site' }))
    t.same(crossSite, Array(10).fill(403), `${url}: refused as not ours, never 429`)
    const noHeader = await statuses(5, () =>
      app.inject({ method: 'POST', url, remoteAddress: ip, payload: { email: DEMO_ACCOUNT.email } }),
    )
    t.same(noHeader, Array(5).fill(403), `${url}: without the custom header too`)
  }
  // A colleague on the same address still has the whole budget.
  const own = await statuses(3, () => call(app, SIGN_IN, ip))
  t.notOk(own.includes(429), `our own pages' three sign-ins pass (${own})`)
  t.notOk((await statuses(3, () => call(app, EMAIL_CHECK, ip))).includes(429), 'and three sign-up checks')
  t.equal((await call(app, SIGN_IN, ip)).statusCode, 429, 'the fourth is limited: the budget is real')
})

t.test('rate limit › another spelling of an /api endpoint reaches the same bucket', async (t) => {
  const { app } = await build(t, { env: SMALL_LIMITS })
  const ip = '203.0.113.11'
  const first = await statuses(3, () => call(app, EMAIL_CHECK, ip))
  t.notOk(first.includes(429), `the first three pass (${first})`)
  t.equal((await call(app, `/api//${EMAIL_CHECK.slice('/api/'.length)}`, ip)).statusCode, 429)
  t.equal((await call(app, EMAIL_CHECK, ip)).statusCode, 429)
})

t.test(
  'rate limit › another IP, another bucket and an endpoint without a bucket are not affected',
  async (t) => {
    const { app } = await build(t, { env: SMALL_LIMITS })
    const ip = '203.0.113.20'
    await statuses(3, () => call(app, SIGN_IN, ip))
    t.equal((await call(app, SIGN_IN, ip)).statusCode, 429, 'the sign-in budget of this IP is used up')

    const otherIp = await statuses(3, () => call(app, SIGN_IN, '198.51.100.20'))
    t.notOk(otherIp.includes(429), `another IP signs in (${otherIp})`)

    const codes = await statuses(2, () => call(app, SEND_CODE, ip))
    t.notOk(codes.includes(429), `the code-sending budget is its own (${codes})`)
    assertRateLimited(t, await call(app, SEND_CODE, ip), 'en', 60)

    const unlimited = await statuses(10, () => call(app, UNLIMITED, ip))
    t.notOk(unlimited.includes(429), `an endpoint without a bucket is never limited (${unlimited})`)
    t.equal((await app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip })).statusCode, 200)
  },
)

t.test('rate limit › an IPv6 client is counted per /64; an IPv4-mapped address as its IPv4', async (t) => {
  const { app } = await build(t, { env: SMALL_LIMITS })
  // One subscriber holds a /64: changing the last 64 bits earns no new budget.
  let host = 0
  const first = await statuses(3, () => {
    host += 1
    return call(app, SIGN_IN, `2001:db8:1:2::${host}`)
  })
  t.notOk(first.includes(429), `${first}`)
  t.equal((await call(app, SIGN_IN, '2001:db8:1:2:ffff::9')).statusCode, 429, 'the same /64 shares it')
  t.not((await call(app, SIGN_IN, '2001:db8:1:3::1')).statusCode, 429, 'the next /64 has its own')
  // A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d: the same client either way.
  await statuses(3, () => call(app, SIGN_IN, '::ffff:203.0.113.40'))
  t.equal((await call(app, SIGN_IN, '203.0.113.40')).statusCode, 429, 'mapped and plain IPv4 share it')
})

t.test('rate limit › behind the ingress the client is the address the ingress appended', async (t) => {
  // The ingress pod (10.x) is trusted; the client may write anything in front of its own address.
  const { app } = await build(t, { env: { ...SMALL_LIMITS, TRUST_PROXY: 'uniquelocal' } })
  const viaIngress = (client: string, spoofed: string) =>
    call(app, SIGN_IN, '10.1.2.3', { 'x-forwarded-for': `${spoofed}, ${client}` })
  const first = await statuses(3, () =>
    viaIngress('203.0.113.30', `192.0.2.${Math.floor(Math.random() * 250)}`),
  )
  t.notOk(first.includes(429), `${first}`)
  t.equal(
    (await viaIngress('203.0.113.30', '192.0.2.99')).statusCode,
    429,
    'a made-up hop earns no new budget',
  )
  t.not((await viaIngress('198.51.100.30', '192.0.2.99')).statusCode, 429, 'another client has its own')
})

t.test('rate limit › configuration is validated', async (t) => {
  const config = loadConfig({ NODE_ENV: 'test' })
  t.same(config.rateLimits, {
    signIn: { max: 20, windowMs: 60_000 },
    signUp: { max: 10, windowMs: 60_000 },
    reset: { max: 10, windowMs: 60_000 },
    code: { max: 5, windowMs: 60_000 },
    // Tests render hundreds of pages from one address; deployments get 120/1m (shedding.test.ts).
    render: { max: 999_999, windowMs: 60_000 },
  })
  t.equal(config.redisUrl, undefined)
  t.same(loadConfig({ RATE_LIMIT_CODE: '3/15m' }).rateLimits.code, { max: 3, windowMs: 900_000 })
  t.same(loadConfig({ RATE_LIMIT_SIGN_IN: ' 100 / 1h ' }).rateLimits.signIn, {
    max: 100,
    windowMs: 3_600_000,
  })
  for (const bad of ['20', '0/1m', '20/0s', '20/25h', '20/1d', 'many/1m', '-1/1m']) {
    t.throws(
      () => loadConfig({ RATE_LIMIT_SIGN_IN: bad }),
      { name: 'ConfigError', message: /RATE_LIMIT_SIGN_IN/ },
      bad,
    )
  }
  t.equal(loadConfig({ REDIS_URL: 'redis://:secret@redis:6379/1' }).redisUrl, 'redis://:secret@redis:6379/1')
  t.throws(() => loadConfig({ REDIS_URL: 'http://redis:6379' }), ConfigError)
  t.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true)
  t.equal(loadConfig({}).trustProxy, false)
  t.same(loadConfig({ TRUST_PROXY: '10.0.0.0/8, uniquelocal' }).trustProxy, ['10.0.0.0/8', 'uniquelocal'])
  t.throws(() => loadConfig({ TRUST_PROXY: 'yes' }), { message: /TRUST_PROXY/ })
})

// --- Redis: several replicas share one count -------------------------------------------------

t.test('rate limit › with REDIS_URL two app instances share the count (several replicas)', async (t) => {
  const redis = await startRedis(t)
  const env = { ...SMALL_LIMITS, REDIS_URL: redis.url }
  const first = await build(t, { env })
  const second = await build(t, { env, sandbox: first.sandbox })
  const ip = '203.0.113.40'

  const onFirst = await statuses(3, () => call(first.app, SIGN_IN, ip))
  t.notOk(onFirst.includes(429), `the first replica lets three through (${onFirst})`)
  assertRateLimited(t, await call(second.app, SIGN_IN, ip), 'en', 60)
  assertRateLimited(t, await call(first.app, SIGN_IN, ip, { 'accept-language': 'zh' }), 'zh', 60)
  t.not((await call(second.app, SIGN_IN, '198.51.100.40')).statusCode, 429, 'another IP is not affected')
  t.not((await call(second.app, SEND_CODE, ip)).statusCode, 429, 'another bucket is not affected')

  // Redis goes away: the limiter lets requests through instead of taking sign-in down.
  redis.process.kill('SIGKILL')
  await once(redis.process, 'exit')
  // A hang would meet tap's per-test time-out (the guard); what is checked is the answer itself.
  for (const app of [first.app, second.app]) {
    const response = await call(app, SIGN_IN, '198.51.100.41')
    t.not(response.statusCode, 429)
    t.ok(response.statusCode < 500, `answered ${response.statusCode}, not a server error`)
  }
})

t.test('rate limit › an unreachable Redis from the start does not block sign-in', async (t) => {
  const port = await freePort() // nothing listens there
  const { app } = await build(t, { env: { ...SMALL_LIMITS, REDIS_URL: `redis://127.0.0.1:${port}` } })
  const codes = await statuses(5, () => call(app, SIGN_IN, '203.0.113.50'))
  t.notOk(codes.includes(429), `${codes}`)
  t.notOk(
    codes.some((code) => code >= 500),
    `${codes}`,
  )
})
