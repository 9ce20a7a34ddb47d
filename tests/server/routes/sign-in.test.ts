import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { SESSION_COOKIE } from '../../../server/session-cookie.ts'
import {
  build,
  cookieHeader,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
  signIn,
  signInStep,
  signInSteps,
} from '../../helper.ts'

t.test(
  'sign-in flow › the e-mail step answers the envelope for a known and an unknown account',
  async (t) => {
    const { app } = await build(t)
    const known = (await signInStep(app, 'email', { email: DEMO_ACCOUNT.email })).response
    t.equal(known.statusCode, 200)
    t.match(known.json(), { retCode: '000000', item: { flow: { step: 'password' } }, items: [] })

    const unknown = (
      await signInStep(app, 'email', { email: 'nobody@sandbox.test' }, { query: '?language=zh' })
    ).response
    t.equal(unknown.statusCode, 200)
    t.equal(unknown.json().retCode, '700014')
  },
)

t.test(
  'sign-in flow › the password step moves the token into the sealed cookie and out of the JSON',
  async (t) => {
    const { app, sandbox } = await build(t)
    const { response } = await signInSteps(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    t.equal(response.statusCode, 200)
    const body = response.json()
    t.equal(body.retCode, '000000')
    t.notMatch(response.body, /sbx_/, 'no token string in the body')
    t.notOk('token' in body.item, 'no token field in the item')

    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    t.ok(cookie, 'session cookie set')
    t.equal(cookie?.path, '/')
    t.equal(cookie?.httpOnly, true)
    t.equal(cookie?.secure, true)
    t.equal(cookie?.sameSite, 'Lax')
    t.notOk(cookie?.domain, 'no Domain attribute (__Host- prefix)')
    t.ok((cookie?.value.length ?? 0) < 4096)
    t.notMatch(cookie?.value ?? '', /sbx_|demo@sandbox/, 'the cookie value is sealed, not readable')

    const upstreamLog = await sandboxRequests(sandbox.regions.sg.url)
    const login = upstreamLog.find((entry) => entry.url.includes('consoleLogin'))
    t.ok(login, 'the call reached the sg upstream over HTTP')
    t.equal(login?.headers.language, 'en', 'the language header went upstream')
  },
)

t.test(
  'session › a signed-in cookie makes the next call carry the bearer token, never the browser cookie',
  async (t) => {
    const { app, sandbox } = await build(t)
    const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    await fetch(`${sandbox.regions.sg.url}/__sandbox/requests`, { method: 'DELETE' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/tokens/getToken',
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
      payload: {},
    })
    t.equal(response.statusCode, 200, response.body)
    t.equal(response.json().retCode, '000000')
    t.notMatch(response.body, /sbx_/, 'the refreshed token stays out of the JSON')
    t.ok(sessionCookieOf(response), 'the refreshed token is sealed into a new cookie value')
    const [seen] = await sandboxRequests(sandbox.regions.sg.url)
    t.match(seen?.headers.authorization ?? '', /^Bearer /)
    t.notOk(seen?.headers.cookie, 'the browser Cookie header never goes upstream')
    t.notOk(seen?.headers['x-requested-with'], 'CSRF headers never go upstream')
  },
)

t.test(
  'session › a changed byte in the cookie gives 401 on a session call and clears the cookie',
  async (t) => {
    const { app } = await build(t)
    const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    const tampered = `${cookie.slice(0, 10)}${cookie[10] === 'A' ? 'B' : 'A'}${cookie.slice(11)}`
    const response = await app.inject({
      method: 'POST',
      url: '/api/tokens/getToken',
      headers: { ...SAME_ORIGIN, ...cookieHeader(tampered) },
      payload: {},
    })
    t.equal(response.statusCode, 401)
    t.match(response.headers['content-type'], /application\/json/)
    t.match(response.json(), { retCode: '401' })
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE)
    t.equal(cleared?.maxAge, 0, 'the bad cookie is expired')
  },
)

t.test('POST /auth/sign_out › expires the cookie, clears site data, and needs CSRF proof', async (t) => {
  const { app } = await build(t)
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const crossSite = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: {
      ...cookieHeader(cookie),
      'sec-fetch-site': 'cross-site',
      'x-requested-with': 'XMLHttpRequest',
    },
  })
  t.equal(crossSite.statusCode, 403)
  t.notOk(sessionCookieOf(crossSite), 'a refused sign-out leaves the cookie alone')

  const viaGet = await app.inject({ method: 'GET', url: '/auth/sign_out', headers: cookieHeader(cookie) })
  t.not(viaGet.statusCode, 200, 'GET does not sign out')
  t.notOk(viaGet.cookies.find((c) => c.name === SESSION_COOKIE))

  const response = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
  })
  t.equal(response.statusCode, 200)
  t.equal(response.headers['clear-site-data'], '"cookies"')
  const expired = response.cookies.find((c) => c.name === SESSION_COOKIE)
  t.equal(expired?.maxAge, 0)
})

t.test('/api and the sign-in steps › refuse a cross-site call before it reaches the upstream', async (t) => {
  const { app } = await build(t)
  for (const headers of [
    { 'sec-fetch-site': 'cross-site', 'x-requested-with': 'XMLHttpRequest' },
    { origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' },
    { 'sec-fetch-site': 'same-origin' },
  ]) {
    for (const url of ['/api/basic-login/registerEmailCheck/4', '/auth/sign_in/flow/email']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: { email: DEMO_ACCOUNT.email },
      })
      t.equal(response.statusCode, 403, `${url} ${JSON.stringify(headers)}`)
      t.notOk(sessionCookieOf(response))
      t.match(response.headers.vary, /Origin/)
    }
  }
})

t.test('GET /healthz and /readyz › answer without calling an upstream', async (t) => {
  const { app, sandbox } = await build(t)
  await sandbox.close()
  t.equal((await app.inject('/healthz')).statusCode, 200)
  t.equal((await app.inject('/readyz')).statusCode, 200)
})
