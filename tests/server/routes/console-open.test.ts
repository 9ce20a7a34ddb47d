import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, cookieHeader, sessionCookieOf, signIn } from '../../helper.ts'

// Issue 18 point 8: "Go to the console" for a signed-in session opens the console signed in,
// with the ticket account/consoleLogin answers, as after a sign-in.

const { app, sandbox } = await build(t, {
  extraRoutes: (app: FastifyInstance) =>
    app.get('/__test/csrf', async (_request, reply) => ({ token: reply.generateCsrf() })),
})
const sg = sandbox.regions.sg.url
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }

async function formToken(cookie?: string) {
  const minted = await app.inject({ method: 'GET', url: '/__test/csrf', headers: cookieHeader(cookie) })
  return { cookie: sessionCookieOf(minted) ?? cookie, token: minted.json().token as string }
}

function open(cookie: string | undefined, token: string, headers: Record<string, string> = {}, query = '') {
  return app.inject({
    method: 'POST',
    url: `/auth/console/open${query}`,
    headers: { ...FORM, ...headers, ...cookieHeader(cookie) },
    payload: `_csrf=${encodeURIComponent(token)}`,
  })
}

t.test(
  'POST /auth/console/open › signed in: 303 to the ticketed console, which opens signed in',
  async (t) => {
    const { cookie, token } = await formToken(await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))
    const response = await open(cookie, token)
    t.equal(response.statusCode, 303, response.body)
    const location = String(response.headers.location)
    t.ok(location.startsWith(`${sg}/__sandbox/console?ticket=`), location)
    t.equal(response.headers['cache-control'], 'no-store')
    t.match(await (await fetch(location)).text(), /Signed in as <b>demo@sandbox\.test<\/b>/)
  },
)

t.test('POST /auth/console/open › refused without the form token or from another site', async (t) => {
  const { cookie, token } = await formToken(await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))
  t.equal((await open(cookie, 'forged')).statusCode, 403, 'a foreign token')
  t.equal((await open(cookie, token, { 'sec-fetch-site': 'cross-site' })).statusCode, 403, 'cross-site')
  t.equal(
    (await app.inject({ method: 'GET', url: '/auth/console/open', headers: cookieHeader(cookie) }))
      .statusCode,
    404,
    'no GET',
  )
})

t.test('POST /auth/console/open › signed out: the sign-in page, in the page language', async (t) => {
  const { cookie, token } = await formToken()
  const response = await open(cookie, token, {}, '?language=zh')
  t.equal(response.statusCode, 303)
  t.equal(response.headers.location, '/auth/sign_in?language=zh')
})
