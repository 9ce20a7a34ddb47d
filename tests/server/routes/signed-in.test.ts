import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { SESSION_COOKIE } from '../../../server/session-cookie.ts'
import { build, cookieHeader, SAME_ORIGIN, sandboxRequests, sessionCookieOf, signIn } from '../../helper.ts'

const withTokenRoute = {
  extraRoutes: (app: FastifyInstance) =>
    app.get('/__test/csrf', async (_request, reply) => ({ token: reply.generateCsrf() })),
}

/** A signed-in session and a form token for it, minted the way the page does. */
async function signedInForm(app: FastifyInstance) {
  const signedIn = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const minted = await app.inject({ method: 'GET', url: '/__test/csrf', headers: cookieHeader(signedIn) })
  return { cookie: sessionCookieOf(minted) ?? signedIn, token: minted.json().token as string }
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

t.test(
  'POST /auth/sign_out › a plain form keeps the page language and works from a no-referrer page',
  async (t) => {
    const { app } = await build(t, withTokenRoute)
    const { cookie, token } = await signedInForm(app)
    // Reset pages send Referrer-Policy: no-referrer, so their forms post with Origin: null.
    const response = await app.inject({
      method: 'POST',
      url: '/auth/sign_out?language=zh',
      headers: { ...FORM, origin: 'null', 'sec-fetch-site': 'same-origin', ...cookieHeader(cookie) },
      payload: `_csrf=${encodeURIComponent(token)}`,
    })
    t.equal(response.statusCode, 303, response.body)
    t.equal(response.headers.location, '/auth/sign_in?language=zh')
    t.equal(response.headers['clear-site-data'], '"cookies"')
    t.equal(response.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge, 0)
  },
)

t.test('POST /auth/sign_out › Origin: null without the browser vouching for it is refused', async (t) => {
  const { app } = await build(t, withTokenRoute)
  const { cookie, token } = await signedInForm(app)
  for (const fetchSite of [undefined, 'cross-site']) {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/sign_out',
      headers: {
        ...FORM,
        origin: 'null',
        ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
        ...cookieHeader(cookie),
      },
      payload: `_csrf=${encodeURIComponent(token)}`,
    })
    t.equal(response.statusCode, 403, `sec-fetch-site ${fetchSite}`)
  }
})

t.test(
  'POST /auth/language › tells the upstream (JSON) and shows the page in the new language',
  async (t) => {
    const { app, sandbox } = await build(t, withTokenRoute)
    const { cookie, token } = await signedInForm(app)
    const response = await app.inject({
      method: 'POST',
      url: '/auth/language',
      headers: { ...FORM, 'sec-fetch-site': 'same-origin', ...cookieHeader(cookie) },
      payload: new URLSearchParams({ _csrf: token, language: 'zh', return: '/chatbot?x=1' }).toString(),
    })
    t.equal(response.statusCode, 303, response.body)
    t.equal(response.headers.location, '/chatbot?x=1&language=zh')
    // The last one: a sign-in sends the language it was made in first (issue 18 point 4).
    const call = (await sandboxRequests(sandbox.regions.sg.url))
      .filter((entry) => entry.url.includes('updateAgentLanguage'))
      .at(-1)
    t.match(call, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'zh' },
      body: { language: 'zh' },
      auth: { valid: true, email: DEMO_ACCOUNT.email },
    })
    const account = await fetch(`${sandbox.regions.sg.url}/__sandbox/accounts/${DEMO_ACCOUNT.email}`)
    t.equal(((await account.json()) as { agentLanguage: string }).agentLanguage, 'zh')
  },
)

t.test('POST /auth/language › token, language and return are checked', async (t) => {
  const { app } = await build(t, withTokenRoute)
  const { cookie, token } = await signedInForm(app)
  const post = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/auth/language',
      headers: { ...FORM, 'sec-fetch-site': 'same-origin', ...cookieHeader(cookie), ...headers },
      payload: new URLSearchParams(payload).toString(),
    })
  t.equal((await post({ language: 'zh' })).statusCode, 403, 'no form token')
  t.equal((await post({ _csrf: token, language: 'fr' })).statusCode, 400, 'not en or zh')
  t.equal((await post({ _csrf: token, language: 'en' }, { 'sec-fetch-site': 'cross-site' })).statusCode, 403)
  const offsite = await post({ _csrf: token, language: 'en', return: '//evil.test/x' })
  t.equal(offsite.headers.location, '/?language=en', 'never leaves the site: the home page')
})

t.test('POST /api/basic-public/agent/updateAgentLanguage › JSON, signed in only', async (t) => {
  const { app } = await build(t)
  const signedOut = await app.inject({
    method: 'POST',
    url: '/api/basic-public/agent/updateAgentLanguage',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    payload: { language: 'zh' },
  })
  t.equal(signedOut.statusCode, 401)
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const bad = await app.inject({
    method: 'POST',
    url: '/api/basic-public/agent/updateAgentLanguage',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...cookieHeader(cookie) },
    payload: { language: 'zh_CN' },
  })
  t.equal(bad.statusCode, 400, 'en or zh only')
  const ok = await app.inject({
    method: 'POST',
    url: '/api/basic-public/agent/updateAgentLanguage',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...cookieHeader(cookie) },
    payload: { language: 'en' },
  })
  t.equal(ok.json().retCode, '000000')
})
