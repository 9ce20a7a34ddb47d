import t from 'tap'
import { SSO_SAML_ACCOUNT, SSO_WECOM_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { WECOM_QR_TTL_MS } from '../../../sandbox/providers/wecom-scans.ts'
import {
  atIdentityProvider,
  build,
  cookieHeader,
  fileSandbox,
  isSignedIn as isSignedInWith,
  OWN_PAGE_LINK,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
} from '../../helper.ts'

const { sandbox, sg } = await fileSandbox(t)
const { app } = await build(t, { sandbox })

interface Step {
  status: number
  body: { retCode: string; item: Record<string, unknown> }
  cookie: string | undefined
}

async function post(
  url: string,
  cookie: string | undefined,
  payload: Record<string, unknown> = {},
): Promise<Step> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
    payload,
  })
  return { status: response.statusCode, body: response.json(), cookie: sessionCookieOf(response) ?? cookie }
}

/**
 * The phone: confirm or cancel the scan of the code the browser shows, picking the number the
 * browser shows (`match` plays someone who picks another one).
 */
async function onPhone(
  scan: Record<string, unknown>,
  decision: 'confirm' | 'cancel',
  member: string = SSO_WECOM_ACCOUNT.email,
  match: string = String(scan.matchCode),
) {
  const url = new URL(String(scan.url))
  const page = await fetch(url)
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ticket: url.searchParams.get('ticket') ?? '',
      member,
      decision,
      match,
    }).toString(),
  })
  return { page: await page.text(), status: answer.status }
}

function isSignedIn(cookie: string | undefined): Promise<boolean> {
  return isSignedInWith(app, cookie)
}

t.test(
  'POST /auth/sso/wecom › a QR code as an SVG image of our origin, the scan signs in once',
  async (t) => {
    const started = await post('/auth/sso/wecom', undefined, { language: 'zh', return: '/overview' })
    t.equal(started.status, 200)
    t.match(started.body.item, { status: 'waiting', expiresIn: WECOM_QR_TTL_MS / 1000 })
    const qrUrl = String(started.body.item.url)
    t.match(qrUrl, /^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/wecom\/scan\?ticket=wecom-/)
    t.notMatch(JSON.stringify(started.body), /state/, 'the state stays in the sealed session')

    const image = await app.inject({
      method: 'GET',
      url: '/auth/sso/wecom/qr.svg',
      headers: cookieHeader(started.cookie),
    })
    t.equal(image.statusCode, 200)
    t.match(image.headers['content-type'], /^image\/svg\+xml/)
    t.match(image.headers['cache-control'], /no-store/)
    t.match(image.body, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    t.notMatch(image.body, /<script/i)
    const noSession = await app.inject({ method: 'GET', url: '/auth/sso/wecom/qr.svg' })
    t.equal(noSession.statusCode, 404, 'no code without the session that asked for it')

    const waiting = await post('/auth/sso/wecom/poll', started.cookie)
    t.match(waiting.body.item, { status: 'waiting' })
    t.ok(Number(waiting.body.item.expiresIn) > 0)
    t.notOk(await isSignedIn(waiting.cookie), 'not signed in before the phone confirms')

    const phone = await onPhone(started.body.item, 'confirm')
    t.match(phone.page, /Sign in to the customer-contact suite/)
    t.equal(phone.status, 200)
    // The page polls every two seconds; a ticket is asked upstream at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const done = await post('/auth/sso/wecom/poll', waiting.cookie)
    t.match(done.body.item, { status: 'signedIn', redirect: '/overview' })
    t.notMatch(JSON.stringify(done.body), /sbx_/, 'the token never reaches the page')
    t.ok(await isSignedIn(done.cookie), 'signed in like the other SSO paths')

    const again = await post('/auth/sso/wecom/poll', done.cookie)
    t.match(again.body.item, { status: 'expired' }, 'the scan is used up')
  },
)

t.test('POST /auth/sso/wecom/poll › the state is single use and bound to the session', async (t) => {
  const started = await post('/auth/sso/wecom', undefined, {})
  await onPhone(started.body.item, 'confirm')
  // Another browser cannot take over the confirmed scan: it has neither the ticket nor the state.
  const stranger = await post('/auth/sso/wecom/poll', undefined)
  t.match(stranger.body.item, { status: 'expired' })
  t.notOk(await isSignedIn(stranger.cookie))
  const first = await post('/auth/sso/wecom/poll', started.cookie)
  // No return path: the console of the environment, as after a password sign-in (ADR 0056).
  t.match(first.body.item, { status: 'signedIn', redirect: /\/__sandbox\/console\?ticket=/ })
  const proxied = await post('/api/basic-login/account/memberQrCodeLoginUrl', undefined, { state: 'mine' })
  t.not(proxied.body.retCode, '000000', 'the proxy refuses the BFF-only endpoint')
})

t.test(
  'WeCom number matching (L6) › the phone confirms only with the number this browser shows',
  async (t) => {
    const started = await post('/auth/sso/wecom', undefined, {})
    const shown = String(started.body.item.matchCode)
    t.match(shown, /^\d{2}$/, 'the browser gets a two-digit number to show')
    const sent = (await sandboxRequests(sg)).filter((r) => r.url.includes('memberQrCodeLoginUrl')).at(-1)
    t.ok(
      (sent?.body as Record<string, unknown> | null)?.matchCode,
      'the upstream gets a number too (masked in its log)',
    )
    const { page } = await onPhone(started.body.item, 'confirm', SSO_WECOM_ACCOUNT.email, 'none')
    const offered = [...page.matchAll(/name="match" value="(\d{2})"/g)].map((m) => m[1])
    t.equal(offered.length, 3, 'the phone offers three numbers…')
    t.ok(offered.includes(shown), '…one of them the one on the screen: the upstream got the same number')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const answer = await post('/auth/sso/wecom/poll', started.cookie)
    t.match(answer.body.item, { status: 'cancelled' }, 'a wrong number cancels the code')
    t.notOk(await isSignedIn(answer.cookie), 'nobody is signed in')
  },
)

t.test('POST /auth/sso/wecom/poll › cancelled on the phone, expired on the sandbox clock', async (t) => {
  const cancelled = await post('/auth/sso/wecom', undefined, {})
  await onPhone(cancelled.body.item, 'cancel')
  const answer = await post('/auth/sso/wecom/poll', cancelled.cookie)
  t.match(answer.body.item, { status: 'cancelled' })
  t.notOk(await isSignedIn(answer.cookie))

  const late = await post('/auth/sso/wecom', undefined, {})
  await fetch(`${sg}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: WECOM_QR_TTL_MS + 1000 }),
  })
  const phone = await onPhone(late.body.item, 'confirm')
  t.equal(phone.status, 410, 'the phone says the code expired')
  const expired = await post('/auth/sso/wecom/poll', late.cookie)
  t.match(expired.body.item, { status: 'expired', expiresIn: 0 })
  t.notOk(await isSignedIn(expired.cookie))
})

t.test('WeCom refusals: a member who is not linked, a member without WeCom', async (t) => {
  const stranger = await post('/auth/sso/wecom', undefined, {})
  await onPhone(stranger.body.item, 'confirm', 'stranger@elsewhere.test')
  t.match((await post('/auth/sso/wecom/poll', stranger.cookie)).body.item, {
    status: 'refused',
    code: '700627',
  })
  const demo = await post('/auth/sso/wecom', undefined, {})
  await onPhone(demo.body.item, 'confirm', 'demo@sandbox.test')
  t.match((await post('/auth/sso/wecom/poll', demo.cookie)).body.item, { status: 'refused', code: '700626' })
})

t.test('/auth/sso/wecom › cross-site and header-less calls are refused', async (t) => {
  const crossSite = await app.inject({
    method: 'POST',
    url: '/auth/sso/wecom',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'cross-site' },
    payload: {},
  })
  t.equal(crossSite.statusCode, 403)
  const noHeader = await app.inject({ method: 'POST', url: '/auth/sso/wecom/poll', payload: {} })
  t.equal(noHeader.statusCode, 403)
  const badReturn = await post('/auth/sso/wecom', undefined, { return: '//evil.example/x', language: 'xx' })
  await onPhone(badReturn.body.item, 'confirm')
  const done = await post('/auth/sso/wecom/poll', badReturn.cookie)
  t.notMatch(String(done.body.item.redirect), /evil/, 'a hostile return ends at a safe path')
})

t.test('the picker serves SSO: a multi-environment account chooses, then lands there', async (t) => {
  // The SAML account lives in sg-k8s and us-k8s; WeCom and SAML share the outcome code.
  const start = await app.inject({
    method: 'GET',
    url: '/auth/sso/saml?id=sandbox-saml&language=zh',
    headers: OWN_PAGE_LINK,
  })
  const cookie = sessionCookieOf(start)
  t.match(start.headers.location, /^http/, 'off to the identity provider')
  const back = await atIdentityProvider(String(start.headers.location), SSO_SAML_ACCOUNT.email)
  const returned = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookieHeader(cookie),
  })
  t.equal(returned.headers.location, '/auth/sign_in?language=zh#sso=pick')
  const picking = sessionCookieOf(returned) ?? cookie
  t.notOk(await isSignedIn(picking), 'no session before the choice')
  const foreign = await app.inject({
    method: 'GET',
    url: '/auth/sso/pending',
    headers: { ...cookieHeader(picking), 'sec-fetch-site': 'cross-site' },
  })
  t.equal(foreign.statusCode, 403, 'another site cannot read the pending choice')
  const pending = await app.inject({
    method: 'GET',
    url: '/auth/sso/pending',
    headers: { ...SAME_ORIGIN, ...cookieHeader(picking) },
  })
  t.same(
    pending.json().items.map((entry: { env: string }) => entry.env),
    ['sg-k8s', 'us-k8s'],
  )
  const refused = await post('/auth/sso/environment', picking, { environment: 'hk' })
  t.equal(refused.status, 400, 'only an environment of the account')
  const chosen = await post('/auth/sso/environment', picking, { environment: 'us-k8s' })
  const consoleUrl = String(chosen.body.item.redirect)
  t.ok(
    consoleUrl.startsWith(`${sandbox.regions.us.url}/__sandbox/console?ticket=`),
    'the console of the US region',
  )
  t.match(await (await fetch(consoleUrl)).text(), /us-k8s/, 'signed in to the chosen environment')
  t.ok(await isSignedIn(chosen.cookie))
  const requests = (await (await fetch(`${sandbox.regions.us.url}/__sandbox/requests`)).json()) as {
    requests: { url: string }[]
  }
  t.ok(
    requests.requests.some((entry) => entry.url.startsWith('/tokens/getToken')),
    'the token of the chosen environment comes from its own upstream',
  )
  const twice = await post('/auth/sso/environment', chosen.cookie, { environment: 'sg-k8s' })
  t.equal(twice.status, 409, 'the choice is made once')
})

t.test('POST /auth/sso/wecom › starting a code spends the signIn bucket; polling does not', async (t) => {
  const limited = await build(t, { sandbox, env: { RATE_LIMIT_SIGN_IN: '2/1m' } })
  const start = () =>
    limited.app.inject({
      method: 'POST',
      url: '/auth/sso/wecom',
      remoteAddress: '203.0.113.77',
      headers: SAME_ORIGIN,
      payload: {},
    })
  const first = await start()
  t.equal((await start()).statusCode, 200)
  t.equal((await start()).statusCode, 429, 'the third code within the window is refused')
  const cookie = sessionCookieOf(first)
  for (let round = 0; round < 4; round++) {
    const poll = await limited.app.inject({
      method: 'POST',
      url: '/auth/sso/wecom/poll',
      remoteAddress: '203.0.113.77',
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
      payload: {},
    })
    t.equal(poll.statusCode, 200, 'polling an open code is not counted')
  }
})

t.test(
  'memberQrCodeLoginUrl (sandbox) › no state and no ticket is refused; the phone page of a dead code',
  async (t) => {
    const refused = await fetch(`${sg}/basic-login/account/memberQrCodeLoginUrl`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    t.equal(((await refused.json()) as { retCode: string }).retCode, '999999')
    const unknown = await fetch(`${sg}/__sandbox/wecom/scan?ticket=wecom-nope`)
    t.equal(unknown.status, 410)
    t.match(await unknown.text(), /expired/)
  },
)

t.test('WeCom (L3) › rapid polls of one code ask the upstream once a second', async (t) => {
  const started = await post('/auth/sso/wecom', undefined)
  const before = (await sandboxRequests(sg)).filter((r) => r.url.includes('memberQrCodeLoginUrl')).length
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => post('/auth/sso/wecom/poll', started.cookie)),
  )
  const after = (await sandboxRequests(sg)).filter((r) => r.url.includes('memberQrCodeLoginUrl')).length
  t.equal(after - before, 1, 'ten polls within a second: one upstream call')
  t.ok(
    answers.every((answer) => answer.body.item.status === 'waiting'),
    'all still waiting',
  )
  const image = await app.inject({
    method: 'GET',
    url: '/auth/sso/wecom/qr.svg',
    headers: cookieHeader(started.cookie),
  })
  t.equal(image.statusCode, 200)
})
