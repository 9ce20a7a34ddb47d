import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import en from '../../../shared/i18n/locales/en/sso.ts'
import { build, cookieHeader, OWN_PAGE_LINK, SAME_ORIGIN, sessionCookieOf, signIn } from '../../helper.ts'
import { giveBack as giveBackToPage } from '../external-return.ts'

const BASE = '/auth/external'

type App = Awaited<ReturnType<typeof build>>['app']

/** Starts a round trip: the session cookie and the state the provider is handed. */
async function start(app: App, provider: string, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: `${BASE}/start/${provider}`,
    headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
  })
  t.equal(response.statusCode, 303)
  const location = new URL(String(response.headers.location))
  return {
    cookie: sessionCookieOf(response) ?? cookie,
    state: location.searchParams.get('state') ?? '',
    location,
  }
}

/**
 * The provider sends the browser (with the trip's cookie, if any) back to the app's page with the
 * trip's state and `query` (read on the server, issue 21 point 5).
 */
async function giveBack(app: App, query: Record<string, string>, trip: { state: string; cookie?: string }) {
  const back = await giveBackToPage(app, { ...query, state: trip.state }, trip.cookie, BASE)
  return { ...back, response: { statusCode: back.status } }
}

t.test('GET {base}/start/:provider › sends the browser to the provider with a fresh state', async (t) => {
  const { app, sandbox } = await build(t)
  const { state, location, cookie } = await start(app, 'shopify')
  t.ok(cookie, 'the state is bound to the sealed session')
  t.match(state, /^[A-Za-z0-9_-]{43}$/)
  t.equal(location.origin, new URL(sandbox.regions.sg.url).origin, 'the sandbox plays the provider')
  t.match(location.searchParams.get('redirect_uri'), /^http:\/\/[^/]+\/auth\/external\/connect$/)
})

t.test(
  'GET {base}/connect with a return › a state is good once, for its own browser and provider',
  async (t) => {
    const { app } = await build(t)
    const first = await start(app, 'shopify')
    const ok = await giveBack(app, { provider: 'shopify', payload: 'shop-acme' }, first)
    t.equal(ok.response.statusCode, 200)
    t.equal(ok.body.item.next, 'consent')
    const cookie = ok.cookie ?? first.cookie

    const replay = await giveBack(
      app,
      { provider: 'shopify', payload: 'shop-acme' },
      { state: first.state, cookie },
    )
    t.equal(replay.response.statusCode, 400, 'replayed')
    t.equal(replay.body.item.reason, 'state')

    const other = await start(app, 'lazada')
    const foreign = await giveBack(
      app,
      { provider: 'lazada', code: 'lazada-code-acme' },
      { state: other.state },
    )
    t.equal(foreign.response.statusCode, 400, 'another browser (no session) is refused')

    const crossed = await giveBack(app, { provider: 'shopify', payload: 'shop-acme' }, other)
    t.equal(crossed.response.statusCode, 400, 'a state issued for lazada does not finish shopify')
    t.equal(crossed.body.item.reason, 'state')
  },
)

t.test(
  'GET {base}/connect with a return › missing provider parameters are refused before the state is used',
  async (t) => {
    const { app } = await build(t)
    const begun = await start(app, 'tikTok')
    const missing = await giveBack(app, { provider: 'tikTok', retCode: '140000' }, begun)
    t.equal(missing.response.statusCode, 400)
    t.same(missing.body.item.missing, ['payload', 'retMsg'])
    const fine = await giveBack(app, { provider: 'tikTok', retCode: '140000', retMsg: 'cancelled' }, begun)
    t.equal(fine.response.statusCode, 200, 'the state was still good')
  },
)

t.test('channel authorization › consent first, sign-in kept the flow, then the outcome rule', async (t) => {
  const { app } = await build(t)
  const begun = await start(app, 'shopify')
  const back = await giveBack(app, { provider: 'shopify', payload: 'shop-not-allowed' }, begun)
  let cookie = back.cookie ?? begun.cookie
  const authorize = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/auth/channel_auth/authorize',
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie), 'content-type': 'application/json' },
      payload,
    })
  t.equal((await authorize({ consent: true })).statusCode, 401, 'signed out: sign in first')

  cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, { cookie })
  const flow = await app.inject({
    method: 'GET',
    url: '/auth/channel_auth/flow',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
  })
  t.same(
    flow.json().item,
    { signedIn: true, channel: 'shopify', account: DEMO_ACCOUNT.email, store: null },
    'the flow survived the sign-in',
  )

  const noConsent = await authorize({})
  t.equal(noConsent.statusCode, 400)
  t.equal(noConsent.json().item.field, 'consent')

  const done = await authorize({ consent: true })
  t.same(done.json().item, { outcome: 'not_allowed', channel: 'shopify' })
})

t.test('GET {base}/config.json › runtime config, never cached', async (t) => {
  const { app } = await build(t, {
    env: { EXTERNAL_TEXT_PREFIX: 'Sobot ', EXTERNAL_URL_DOMAIN: 'https://www.example.com/' },
  })
  const response = await app.inject({ method: 'GET', url: `${BASE}/config.json?t=${Date.now()}` })
  t.same(response.json(), { URL_DOMAIN: 'https://www.example.com', TEXT_PREFIX: 'Sobot ' })
  t.match(response.headers['cache-control'], /no-store/)
})

t.test('EXTERNAL_APP_BASE › the app moves with its base', async (t) => {
  const { app } = await build(t, { env: { EXTERNAL_APP_BASE: '/partner/login' } })
  const moved = await app.inject({ method: 'GET', url: '/partner/login/config.json?t=1' })
  t.equal(moved.statusCode, 200)
  const old = await app.inject({ method: 'GET', url: `${BASE}/config.json?t=1` })
  t.equal(old.statusCode, 404)
})

t.test(
  'GET {base}/connect with a return › a SAML decline reads as the sign-in page’s decline, not "System abnormity"',
  async (t) => {
    const { app } = await build(t)
    const begun = await start(app, 'saml')
    const declined = await giveBack(app, { provider: 'saml', authId: 'none', retCode: '999999' }, begun)
    t.equal(declined.body.retMsg, en.errors.cancelled)
    t.notMatch(declined.body.retMsg, /abnormity/)
  },
)
