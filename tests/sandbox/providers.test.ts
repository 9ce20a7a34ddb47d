import t, { type Test } from 'tap'
import { SANDBOX_SAML_CONFIG_ID, SSO_MICROSOFT_ACCOUNT, SSO_SAML_ACCOUNT } from '../../sandbox/fixtures.ts'
import { admin, manualClock, sandboxFor, upstream } from './helpers.ts'

const clock = manualClock()
const sandbox = await sandboxFor(t, { now: clock.now })
const sg = sandbox.regions.sg.url
const RETURN = 'http://localhost:4140/auth/sso/return'

t.beforeEach(async () => {
  await admin(sg, 'POST', '/reset')
})

/** Approves (or declines) on a provider's page and returns where it sends the browser. */
async function roundTrip(
  provider: string,
  identity: string,
  decision = 'approve',
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams({ redirect_uri: RETURN, state: 'state-123', ...extra })
  const pageResponse = await fetch(`${sg}/__sandbox/idp/${provider}/authorize?${query}`)
  const html = await pageResponse.text()
  const form = new URLSearchParams({ redirect_uri: RETURN, state: 'state-123', identity, decision, ...extra })
  // The provider answers 303 to the app; the test reads where, without following it.
  const response = await fetch(`${sg}/__sandbox/idp/${provider}/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  })
  return {
    html,
    status: response.status,
    location: new URL(response.headers.get('location') ?? 'about:blank'),
  }
}

/** The retCode aadLogin answers for the code a round trip brought back. */
async function aadLoginAnswer(t: Test, trip: { location: URL }): Promise<string> {
  const code = trip.location.searchParams.get('code') ?? ''
  return (await upstream(t, sg, '/basic-login/sso/aadLogin', { code, state: 's' })).retCode
}

t.test(
  'microsoft › the page plays the provider; approving returns code, state and session_state',
  async (t) => {
    const { html, status, location } = await roundTrip('microsoft', SSO_MICROSOFT_ACCOUNT.email)
    t.match(html, /Microsoft \(sandbox\)/)
    t.match(html, /name="state" value="state-123"/, 'the state rides along unchanged')
    t.equal(status, 303)
    t.equal(`${location.origin}${location.pathname}`, RETURN)
    t.equal(location.searchParams.get('provider'), 'microsoft')
    t.equal(location.searchParams.get('state'), 'state-123')
    t.ok(location.searchParams.get('session_state'))
    const code = location.searchParams.get('code') ?? ''
    const signedIn = await upstream(t, sg, '/basic-login/sso/aadLoginOverseas', { code, state: 'state-123' })
    t.equal(signedIn.retCode, '000000')
    t.ok((signedIn.item as { token?: string }).token, 'a token for the linked account')
    const replay = await upstream(t, sg, '/basic-login/sso/aadLogin', { code, state: 'state-123' })
    t.equal(replay.retCode, '999999', 'a code is single use')
  },
)

t.test(
  'microsoft › 700623 not enabled, 700624 not linked, declined carries error, expired code refused',
  async (t) => {
    const notEnabled = await roundTrip('microsoft', 'demo@sandbox.test')
    t.equal(await aadLoginAnswer(t, notEnabled), '700623')
    const unlinked = await roundTrip('microsoft', 'stranger@elsewhere.test')
    t.equal(await aadLoginAnswer(t, unlinked), '700624')
    const declined = await roundTrip('microsoft', SSO_MICROSOFT_ACCOUNT.email, 'decline')
    t.equal(declined.location.searchParams.get('error'), 'access_denied')
    t.equal(declined.location.searchParams.get('code'), null)
    const late = await roundTrip('microsoft', SSO_MICROSOFT_ACCOUNT.email)
    clock.advance(6 * 60_000)
    t.equal(await aadLoginAnswer(t, late), '999999')
  },
)

t.test('microsoft › the SSO-only account cannot use its password (700625)', async (t) => {
  const answer = await upstream(t, sg, '/basic-login/serviceLoginNew/4', {
    email: SSO_MICROSOFT_ACCOUNT.email,
    password: SSO_MICROSOFT_ACCOUNT.password,
  })
  t.equal(answer.retCode, '700625')
})

t.test('saml › authenticate/{id} points at the provider; access/auth redeems the authId', async (t) => {
  const unknown = await upstream(t, sg, '/basic-sso/saml2/authenticate/nope', {
    state: 's',
    redirectUri: RETURN,
  })
  t.equal(unknown.retCode, '700626')
  const start = await upstream(t, sg, `/basic-sso/saml2/authenticate/${SANDBOX_SAML_CONFIG_ID}`, {
    state: 'state-123',
    redirectUri: RETURN,
  })
  t.equal(start.retCode, '000000')
  const redirectUrl = new URL((start.item as { redirectUrl: string }).redirectUrl)
  t.equal(redirectUrl.pathname, '/__sandbox/idp/saml/authorize')
  t.equal(redirectUrl.searchParams.get('configId'), SANDBOX_SAML_CONFIG_ID)

  const ok = await roundTrip('saml', SSO_SAML_ACCOUNT.email, 'approve', { configId: SANDBOX_SAML_CONFIG_ID })
  t.equal(ok.location.searchParams.get('retCode'), '000000')
  const signedIn = await upstream(t, sg, '/basic-sso/access/auth', {
    authId: ok.location.searchParams.get('authId') ?? '',
  })
  t.equal(signedIn.retCode, '000000')
  const stranger = await roundTrip('saml', 'stranger@elsewhere.test', 'approve', {
    configId: SANDBOX_SAML_CONFIG_ID,
  })
  t.equal(
    (
      await upstream(t, sg, '/basic-sso/access/auth', {
        authId: stranger.location.searchParams.get('authId') ?? '',
      })
    ).retCode,
    '700627',
  )
})

t.test('the provider page refuses non-http redirect URIs and unknown providers', async (t) => {
  const bad = await fetch(`${sg}/__sandbox/idp/microsoft/authorize?redirect_uri=javascript:alert(1)&state=s`)
  t.equal(bad.status, 400)
  const unknown = await fetch(
    `${sg}/__sandbox/idp/nope/authorize?redirect_uri=${encodeURIComponent(RETURN)}&state=s`,
  )
  t.equal(unknown.status, 404)
})
