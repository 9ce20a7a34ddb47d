import t from 'tap'
import { SANDBOX_SAML_CONFIG_ID, SSO_MICROSOFT_ACCOUNT, SSO_SAML_ACCOUNT } from '../../../sandbox/fixtures.ts'
import {
  atIdentityProvider,
  buildForFile,
  cookieHeader,
  isSignedIn as isSignedInWith,
  OWN_PAGE_LINK,
  SAME_ORIGIN,
  sessionCookieOf,
  signInStep,
} from '../../helper.ts'

const { app, sg } = await buildForFile(t, { microsoftAtSandbox: true })

/** Start at the BFF, approve at the provider, come back: the BFF's final answer. */
async function signInWith(start: string, identity: string, decision = 'approve') {
  const started = await app.inject({ method: 'GET', url: start, headers: OWN_PAGE_LINK })
  const cookie = sessionCookieOf(started)
  const location = String(started.headers.location ?? '')
  if (started.statusCode !== 303 || !location.startsWith('http')) return { started, back: undefined, cookie }
  const back = await atIdentityProvider(started.headers.location as string, identity, decision)
  const returned = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookieHeader(cookie),
  })
  return { started, back, returned, cookie: sessionCookieOf(returned) ?? cookie }
}

function isSignedIn(cookie: string | undefined): Promise<boolean> {
  return isSignedInWith(app, cookie)
}

t.test('Microsoft: the round trip carries the state and signs in; the return path is kept', async (t) => {
  const { started, back, returned, cookie } = await signInWith(
    '/auth/sso/microsoft?return=/overview',
    SSO_MICROSOFT_ACCOUNT.email,
  )
  const authorize = new URL(started.headers.location as string)
  t.equal(authorize.searchParams.get('redirect_uri')?.endsWith('/auth/sso/return'), true)
  const state = authorize.searchParams.get('state') ?? ''
  t.ok(state.length >= 40, 'a random state')
  t.equal(back?.searchParams.get('state'), state, 'the provider hands the same state back')
  t.equal(returned?.statusCode, 303)
  t.equal(returned?.headers.location, '/overview')
  t.equal(returned?.headers['referrer-policy'], 'no-referrer')
  t.ok(await isSignedIn(cookie), 'the session is signed in')
  const upstreamCalls = (await (await fetch(`${sg}/__sandbox/requests`)).json()) as {
    requests: { url: string }[]
  }
  t.ok(
    upstreamCalls.requests.some((entry) => entry.url.startsWith('/basic-login/sso/aadLoginOverseas')),
    'international edition: aadLoginOverseas',
  )
})

t.test(
  'Microsoft: a replayed or foreign state goes to ssoFail, a hostile return stays on the site',
  async (t) => {
    const { back } = await signInWith(
      '/auth/sso/microsoft?return=//evil.example/x',
      SSO_MICROSOFT_ACCOUNT.email,
    )
    const replay = await app.inject({ method: 'GET', url: `${back?.pathname}${back?.search}` })
    t.equal(replay.headers.location, '/auth/ssoFail', 'no session, no state: refused')
    const first = await signInWith('/auth/sso/microsoft?return=//evil.example/x', SSO_MICROSOFT_ACCOUNT.email)
    t.notMatch(String(first.returned?.headers.location), /evil/)
  },
)

t.test(
  'Microsoft errors reach the sign-in page with their code (700623, 700624) or as cancelled',
  async (t) => {
    const notEnabled = await signInWith('/auth/sso/microsoft', 'demo@sandbox.test')
    t.equal(notEnabled.returned?.headers.location, '/auth/sign_in#sso=700623')
    const notLinked = await signInWith('/auth/sso/microsoft', 'stranger@elsewhere.test')
    t.equal(notLinked.returned?.headers.location, '/auth/sign_in#sso=700624')
    const declined = await signInWith('/auth/sso/microsoft', SSO_MICROSOFT_ACCOUNT.email, 'decline')
    t.equal(declined.returned?.headers.location, '/auth/sign_in#sso=cancelled')
    t.notOk(await isSignedIn(declined.cookie))
  },
)

t.test('700625: the Microsoft-only account cannot sign in with its password, localised', async (t) => {
  for (const [language, pattern] of [
    ['en', /Sign in with Microsoft/],
    ['zh', /微软登录/],
  ] as const) {
    // The sign-in flow's steps (its rows are flow-only): the e-mail, then the password.
    const options = { headers: { 'accept-language': language }, query: `?language=${language}` }
    const started = await signInStep(app, 'email', { email: SSO_MICROSOFT_ACCOUNT.email }, options)
    const { response } = await signInStep(
      app,
      'password',
      { password: SSO_MICROSOFT_ACCOUNT.password },
      { ...options, cookie: started.cookie },
    )
    t.match(response.json(), { retCode: '700625', retMsg: pattern })
  }
})

t.test(
  'SAML: authenticate/{id}, the provider, access/auth; 700626 and 700627 on the sign-in page',
  async (t) => {
    const ok = await signInWith(`/auth/sso/saml?id=${SANDBOX_SAML_CONFIG_ID}`, SSO_SAML_ACCOUNT.email)
    t.equal(ok.back?.searchParams.get('provider'), 'saml')
    // The SAML account lives in two environments: the picker comes first (ADR 0051).
    t.equal(ok.returned?.headers.location, '/auth/sign_in#sso=pick')
    t.notOk(await isSignedIn(ok.cookie))
    const picked = await app.inject({
      method: 'POST',
      url: '/auth/sso/environment',
      headers: { ...SAME_ORIGIN, ...cookieHeader(ok.cookie) },
      payload: { environment: 'sg-k8s' },
    })
    t.match(
      await (await fetch(picked.json().item.redirect)).text(),
      /sg-k8s/,
      'the console of the chosen environment',
    )
    t.ok(await isSignedIn(sessionCookieOf(picked)))
    // The cookie from before the choice, replayed, cannot choose again (used once on the server).
    const replayed = await app.inject({
      method: 'POST',
      url: '/auth/sso/environment',
      headers: { ...SAME_ORIGIN, ...cookieHeader(ok.cookie) },
      payload: { environment: 'us-k8s' },
    })
    t.equal(replayed.statusCode, 409, 'a replayed pick is refused')
    const unknown = await signInWith('/auth/sso/saml?id=nobody', SSO_SAML_ACCOUNT.email)
    t.equal(unknown.started.headers.location, '/auth/sign_in#sso=700626')
    const stranger = await signInWith(
      `/auth/sso/saml?id=${SANDBOX_SAML_CONFIG_ID}`,
      'stranger@elsewhere.test',
    )
    t.equal(stranger.returned?.headers.location, '/auth/sign_in#sso=700627')
    const declined = await signInWith(
      `/auth/sso/saml?id=${SANDBOX_SAML_CONFIG_ID}`,
      SSO_SAML_ACCOUNT.email,
      'decline',
    )
    // Declined at the identity provider: the same wording as Microsoft's decline (issue 18 point 16).
    t.equal(declined.returned?.headers.location, '/auth/sign_in#sso=cancelled')
    t.notOk(await isSignedIn(declined.cookie))
  },
)
