/**
 * Claim 1 enforced in one place (issue 46 Low, security.md #1): whatever a provider return or
 * another site sends, the sealed cookie stays under 4096 bytes (Chromium drops a larger one
 * silently). Provider values and the SSO return path are capped far lower; a write that would
 * still grow the cookie past ≈ 3.8 KB drops flow slots, never the signed-in identity.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT, SSO_MICROSOFT_ACCOUNT } from '../../sandbox/fixtures.ts'
import { SESSION_COOKIE } from '../../server/plugins/app/session.server.ts'
import {
  MAX_COOKIE_BYTES,
  sealedLength,
  TIMESTAMP_BYTES,
} from '../../server/plugins/app/session-size.server.ts'
import {
  atIdentityProvider,
  build,
  cookieHeader,
  isSignedIn,
  OWN_PAGE_LINK,
  sessionCookieOf,
  signIn,
} from '../helper.ts'
import { giveBack } from './external-return.ts'

const { app } = await build(t, {
  microsoftAtSandbox: true,
  env: { RATE_LIMIT_SIGN_IN: '1000/1m' },
  extraRoutes: (app: FastifyInstance) => {
    // A flow that writes far too much into its slot (what the net is for).
    app.post('/test/oversized-slot', async (request) => {
      request.session.set('externalLogin', {
        provider: 'tikTok',
        params: { payload: 'p'.repeat(6000) },
        receivedAt: Date.now(),
        startedBy: null,
      })
      return { ok: true }
    })
  },
})

/** Name and value of every session cookie the response sets, as the browser's limit counts them. */
function cookieSizes(response: LightMyRequestResponse): number[] {
  return response.cookies
    .filter((cookie) => cookie.name === SESSION_COOKIE)
    .map((cookie) => cookie.name.length + 1 + cookie.value.length)
}

t.test('the size of a sealed value is known from its JSON', async (t) => {
  const response = await app.inject({ url: '/auth/sso/microsoft', headers: OWN_PAGE_LINK })
  const value = sessionCookieOf(response) ?? ''
  const opened = app.decodeSecureSession(value)
  t.ok(opened, 'our own cookie opens')
  t.equal(value.length, sealedLength(Buffer.byteLength(JSON.stringify(opened?.data())) + TIMESTAMP_BYTES))
})

t.test('the review’s long TikTok return is refused, and the cookie stays small', async (t) => {
  const started = await app.inject({ url: '/auth/external/start/tikTok', headers: OWN_PAGE_LINK })
  const state = new URL(String(started.headers.location)).searchParams.get('state') ?? ''
  const long = 'x'.repeat(1000)
  const returned = await giveBack(
    app,
    { provider: 'tikTok', state, payload: long, retCode: long, retMsg: long },
    sessionCookieOf(started),
  )
  t.equal(returned.body.retCode, '400', 'values this long are not kept')
  for (const size of cookieSizes(returned.redirect)) t.ok(size <= MAX_COOKIE_BYTES, `${size} bytes`)

  // Values as long as the caps allow still fit comfortably.
  const again = await app.inject({ url: '/auth/external/start/tikTok', headers: OWN_PAGE_LINK })
  const fresh = new URL(String(again.headers.location)).searchParams.get('state') ?? ''
  const fits = await giveBack(
    app,
    {
      provider: 'tikTok',
      state: fresh,
      payload: 'y'.repeat(250),
      retCode: '000000',
      retMsg: 'z'.repeat(250),
    },
    sessionCookieOf(again),
  )
  t.equal(fits.body.retCode, '000000')
  for (const size of cookieSizes(fits.redirect)) t.ok(size < 2500, `${size} bytes: far under the limit`)
})

t.test('a 2 KB SSO return path is not kept: the cookie stays small, the sign-in ends as usual', async (t) => {
  const longPath = `/overview/${'a'.repeat(2000)}`
  // Another site's pre-fill is answered with our question (nothing kept); our own link keeps no long path.
  const crossSite = await app.inject({
    url: `/auth/sso/microsoft?return=${longPath}`,
    headers: { 'sec-fetch-site': 'cross-site' },
  })
  for (const size of cookieSizes(crossSite)) t.ok(size < 1000, `another site: ${size} bytes`)
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const signedOut = await app.inject({
    method: 'POST',
    url: '/auth/sign_out',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'sec-fetch-site': 'same-origin',
      ...cookieHeader(cookie),
    },
  })
  t.equal(signedOut.statusCode, 200)
  const started = await app.inject({ url: `/auth/sso/microsoft?return=${longPath}`, headers: OWN_PAGE_LINK })
  t.equal(started.statusCode, 303)
  for (const size of cookieSizes(started)) t.ok(size < 1000, `our own start: ${size} bytes`)
  const back = await atIdentityProvider(String(started.headers.location), SSO_MICROSOFT_ACCOUNT.email)
  const returned = await app.inject({
    url: `${back.pathname}${back.search}`,
    headers: cookieHeader(sessionCookieOf(started)),
  })
  t.equal(returned.statusCode, 303)
  t.not(returned.headers.location, longPath, 'the long path was never kept')
  for (const size of cookieSizes(returned)) t.ok(size <= MAX_COOKIE_BYTES, `signed in: ${size} bytes`)
})

t.test('a write past ≈ 3.8 KB drops the flow slot, never the signed-in identity', async (t) => {
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const oversized = await app.inject({
    method: 'POST',
    url: '/test/oversized-slot',
    headers: { 'content-type': 'application/json', ...cookieHeader(cookie) },
    payload: {},
  })
  t.equal(oversized.statusCode, 200)
  const sizes = cookieSizes(oversized)
  t.equal(sizes.length, 1, 'the session was written')
  for (const size of sizes) t.ok(size <= MAX_COOKIE_BYTES, `${size} bytes`)
  const after = sessionCookieOf(oversized) ?? ''
  t.notOk(app.decodeSecureSession(after)?.get('externalLogin'), 'the oversized slot is gone')
  t.ok(await isSignedIn(app, after), 'still signed in')
})
