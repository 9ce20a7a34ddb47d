import t from 'tap'
import { DEMO_ACCOUNT, MULTI_ENV_ACCOUNT, US_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { SESSION_COOKIE } from '../../../server/session-cookie.ts'
import {
  build,
  cookieHeader,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
  sessionKey,
  signIn,
} from '../../helper.ts'

async function call(
  app: Awaited<ReturnType<typeof build>>['app'],
  url: string,
  cookie: string | undefined,
  payload: object,
  headers = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie), ...headers },
    payload,
  })
}

t.test('sign-up region › the time zone decides once, and the flow stays there', async (t) => {
  const { app, sandbox } = await build(t)
  const first = await call(
    app,
    '/api/basic-login/registerEmailCheck/4',
    undefined,
    { email: US_ACCOUNT.email },
    { 'x-time-zone': 'America/Denver', host: 'bff.test' },
  )
  t.equal(first.statusCode, 200)
  const cookie = sessionCookieOf(first)
  t.ok(cookie, 'the decision is remembered in the sealed session')
  const usLog = await sandboxRequests(sandbox.regions.us.url)
  t.ok(
    usLog.some((entry) => entry.url.includes('registerEmailCheck')),
    'a US time zone goes to the us upstream',
  )

  await call(
    app,
    '/api/basic-login/registerEmailCheck/4',
    cookie,
    { email: US_ACCOUNT.email },
    { 'x-time-zone': 'Asia/Singapore', host: 'bff.test' },
  )
  const sgLog = await sandboxRequests(sandbox.regions.sg.url)
  t.notOk(
    sgLog.some((entry) => entry.url.includes('registerEmailCheck')),
    'a later zone does not move the flow',
  )
})

t.test(
  'environment › one environment from getAllEnvDomain is chosen at once and used for sign-in',
  async (t) => {
    const { app, sandbox } = await build(t)
    const listed = await call(app, '/auth/sign_in/flow/email', undefined, { email: US_ACCOUNT.email })
    t.equal(listed.json().retCode, '000000')
    t.match(listed.json().item.flow, { step: 'password' }, 'no picker for one environment')
    const cookie = sessionCookieOf(listed)
    const login = await call(app, '/auth/sign_in/flow/password', cookie, { password: US_ACCOUNT.password })
    t.equal(login.json().retCode, '000000', 'the US account signs in on the us upstream')
    const usLog = await sandboxRequests(sandbox.regions.us.url)
    t.ok(usLog.some((entry) => entry.url.includes('consoleLogin')))
  },
)

t.test(
  'environment › with several, the user picks one of them and every later call goes there',
  async (t) => {
    const { app, sandbox } = await build(t)
    const listed = await call(app, '/auth/sign_in/flow/email', undefined, { email: MULTI_ENV_ACCOUNT.email })
    t.equal(listed.json().item.flow.environments.length, 2)
    let cookie = sessionCookieOf(listed)

    const step = '/auth/sign_in/flow/environment'
    const foreign = await call(app, step, cookie, { environment: 'hk' })
    t.equal(foreign.statusCode, 400, 'an environment the account does not live in is refused')
    const unknown = await call(app, step, cookie, { environment: 'mars' })
    t.equal(unknown.statusCode, 400)

    const chosen = await call(app, step, cookie, { environment: 'us-k8s' })
    t.equal(chosen.statusCode, 200)
    cookie = sessionCookieOf(chosen) ?? cookie
    const login = await call(app, '/auth/sign_in/flow/password', cookie, {
      password: MULTI_ENV_ACCOUNT.password,
    })
    t.equal(login.json().retCode, '000000')
    cookie = sessionCookieOf(login) ?? cookie
    await fetch(`${sandbox.regions.us.url}/__sandbox/requests`, { method: 'DELETE' })
    const later = await call(app, '/api/tokens/getToken', cookie, {})
    t.equal(later.statusCode, 200)
    const usLog = await sandboxRequests(sandbox.regions.us.url)
    t.ok(
      usLog.some((entry) => entry.url.includes('getToken')),
      'a later call goes to the chosen environment',
    )
  },
)

t.test('session › the value changes at sign-in and the pre-sign-in cookie does not carry it', async (t) => {
  const { app } = await build(t)
  const pre = sessionCookieOf(
    await call(app, '/auth/sign_in/flow/email', undefined, { email: DEMO_ACCOUNT.email }),
  )
  t.ok(pre)
  const login = await call(app, '/auth/sign_in/flow/password', pre, { password: DEMO_ACCOUNT.password })
  const post = sessionCookieOf(login)
  t.ok(post)
  t.not(post, pre)
  const withOld = await call(app, '/api/tokens/getToken', pre, {})
  t.equal(withOld.statusCode, 401, 'the pre-sign-in cookie is not a signed-in session')
  const withNew = await call(app, '/api/tokens/getToken', post, {})
  t.equal(withNew.statusCode, 200)
})

t.test(
  'session › key ring: an older key still opens and is re-sealed; a removed key ends the session',
  async (t) => {
    const { app: oldApp, sandbox } = await build(t, { env: { SESSION_KEYS: sessionKey(1) } })
    const cookie = await signIn(oldApp, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)

    const { app: rotated } = await build(t, {
      env: { SESSION_KEYS: `${sessionKey(2)},${sessionKey(1)}` },
      sandbox,
    })
    const accepted = await call(rotated, '/api/tokens/getToken', cookie, {})
    t.equal(accepted.statusCode, 200, 'a cookie sealed with the previous key is accepted')
    const resealed = sessionCookieOf(accepted)
    t.ok(resealed, 'and re-sealed with the current key')

    const { app: newOnly } = await build(t, { env: { SESSION_KEYS: sessionKey(2) }, sandbox })
    t.equal(
      (await call(newOnly, '/api/tokens/getToken', resealed, {})).statusCode,
      200,
      'the re-sealed cookie opens with the new key alone',
    )
    t.equal(
      (await call(newOnly, '/api/tokens/getToken', cookie, {})).statusCode,
      401,
      'once the old key is removed its cookies end',
    )
  },
)

t.test('POST /auth/sign_out as a plain form › needs the session-bound token', async (t) => {
  const { app } = await build(t, {
    extraRoutes: (app) =>
      app.get('/__test/csrf', async (_request, reply) => ({ token: reply.generateCsrf() })),
  })
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const form = {
    'content-type': 'application/x-www-form-urlencoded',
    'sec-fetch-site': 'same-origin',
    ...cookieHeader(cookie),
  }
  const missing = await app.inject({ method: 'POST', url: '/auth/sign_out', headers: form, payload: '' })
  t.equal(missing.statusCode, 403, 'no token')
  const foreign = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: form,
    payload: '_csrf=forged-token',
  })
  t.equal(foreign.statusCode, 403, 'a foreign token')

  // A token minted for another session does not work for this one.
  const other = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const otherToken = await tokenFor(app, other)
  const crossed = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: form,
    payload: `_csrf=${encodeURIComponent(otherToken.token)}`,
  })
  t.equal(crossed.statusCode, 403, "another session's token")

  const own = await tokenFor(app, cookie)
  const ok = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: { ...form, ...cookieHeader(own.cookie) },
    payload: `_csrf=${encodeURIComponent(own.token)}`,
  })
  t.equal(ok.statusCode, 303, ok.body)
  t.equal(ok.headers.location, '/auth/sign_in')
  t.equal(ok.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge, 0)
})

/** Mints a form token the way the page does (reply.generateCsrf) through a test-only route. */
async function tokenFor(app: Awaited<ReturnType<typeof build>>['app'], cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/__test/csrf', headers: cookieHeader(cookie) })
  return { token: response.json().token as string, cookie: sessionCookieOf(response) ?? cookie }
}

t.test('session › every response that sets a cookie is no-store, whatever route set it', async (t) => {
  const { app } = await build(t, {
    extraRoutes: (app) =>
      app.get('/__test/cacheable', async (request, reply) => {
        request.ensureSession()
        reply.header('Cache-Control', 'public, max-age=600')
        return { ok: true }
      }),
  })
  const response = await app.inject('/__test/cacheable')
  t.ok(sessionCookieOf(response), 'a cookie was set')
  t.equal(response.headers['cache-control'], 'no-store')
})
