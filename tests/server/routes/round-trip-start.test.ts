/**
 * SSO and provider round trips start only from our own pages (issue 46 Medium, security.md #25):
 * a start another site's navigation reached issues no state and reaches no provider; it answers a
 * page of ours that names where it leads, whose button starts it from our origin. A signed-in
 * session is never replaced: the page offers to sign out first. The picker names the account.
 */
import t from 'tap'
import { DEMO_ACCOUNT, SANDBOX_SAML_CONFIG_ID, SSO_SAML_ACCOUNT } from '../../../sandbox/fixtures.ts'
import {
  atIdentityProvider,
  build,
  cookieHeader,
  OWN_PAGE_LINK,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
  signIn,
} from '../../helper.ts'

const { app, sandbox } = await build(t, { microsoftAtSandbox: true, env: { RATE_LIMIT_SIGN_IN: '3/1m' } })
const sg = sandbox.regions.sg.url
const SAML_START = `/auth/sso/saml?id=${SANDBOX_SAML_CONFIG_ID}&return=/overview`
const STARTS = [
  { url: '/auth/sso/microsoft?return=/overview', title: 'Continue to Microsoft sign-in?' },
  { url: SAML_START, title: 'Continue to your company’s sign-in?' },
  { url: '/auth/external/start/shopify', title: 'Continue to Shopify?' },
]
/** How other sites (and typed or mailed links) arrive: none of them is a link of our page. */
const NOT_OURS: Record<string, Record<string, string>> = {
  'another site': { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  'a sibling host': { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
  'typed or from a mail app': { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
  'a browser without Fetch Metadata': {},
}
let ip = 0
/** Every test its own client address: the small signIn budget is counted per test. */
const nextIp = () => `198.51.100.${++ip}`

const samlStarts = async () =>
  (await sandboxRequests(sg)).filter((entry) => entry.url.includes('/authenticate/')).length
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
const actionOf = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? ''
/** Where the page's "Continue" button leads. */
const buttonOf = (html: string) =>
  (/<a class="button" href="([^"]+)"/.exec(html)?.[1] ?? '').replace(/&#38;/g, '&')

t.test('a start not from our page asks first: no state, no provider, no budget spent', async (t) => {
  const remoteAddress = nextIp()
  for (const { url, title } of STARTS) {
    for (const [how, headers] of Object.entries(NOT_OURS)) {
      const before = await samlStarts()
      // Four times each: the budget of three is never touched by the question.
      for (let round = 0; round < 4; round++) {
        const asked = await app.inject({ url, headers, remoteAddress })
        t.equal(asked.statusCode, 200, `${url} from ${how}: our page`)
        t.equal(asked.headers.location, undefined, 'no round trip')
        t.match(asked.body, title)
        t.equal(asked.headers['cache-control'], 'no-store')
        t.match(String(asked.headers['content-security-policy']), /frame-ancestors 'none'/)
      }
      t.equal(await samlStarts(), before, 'the upstream was never asked for an IdP address')
    }
  }
  const chinese = await app.inject({ url: `${SAML_START}&language=zh`, remoteAddress })
  t.match(chinese.body, '继续前往贵公司的登录页面？')
  t.match(buttonOf(chinese.body), 'language=zh', 'the button keeps the language')
  // The budget is whole: three starts from our own page go ahead.
  for (let round = 0; round < 3; round++) {
    const own = await app.inject({ url: STARTS[0]?.url ?? '', headers: OWN_PAGE_LINK, remoteAddress })
    t.equal(own.statusCode, 303, 'a link of our page starts at once')
  }
})

t.test('the page’s button starts the round trip from our origin, once, for that session', async (t) => {
  const remoteAddress = nextIp()
  for (const { url } of STARTS) {
    const asked = await app.inject({ url, headers: NOT_OURS['another site'], remoteAddress })
    const cookie = sessionCookieOf(asked)
    const button = buttonOf(asked.body)
    t.match(button, /[?&]proof=[\w-]{43}/, `${url}: the button carries a one-time proof`)
    // Another browser (another session) cannot use the proof: the question again.
    const elsewhere = await app.inject({ url: button, remoteAddress })
    t.equal(elsewhere.statusCode, 200, 'not in another session')
    // A browser without Fetch Metadata presses it: the round trip starts from our origin.
    const pressed = await app.inject({ url: button, headers: cookieHeader(cookie), remoteAddress })
    t.equal(pressed.statusCode, 303, `${url}: the button starts it`)
    t.match(String(pressed.headers.location), /^https?:\/\/.*state=/, 'off to the provider, with a state')
    const again = await app.inject({
      url: button,
      headers: cookieHeader(sessionCookieOf(pressed) ?? cookie),
      remoteAddress,
    })
    t.equal(again.statusCode, 200, 'the proof is used up: asked again')
  }
})

t.test('the SAML start through the button comes back to the picker, which names the account', async (t) => {
  const remoteAddress = nextIp()
  const asked = await app.inject({ url: SAML_START, headers: NOT_OURS['another site'], remoteAddress })
  const cookie = sessionCookieOf(asked)
  const pressed = await app.inject({
    url: buttonOf(asked.body),
    headers: cookieHeader(cookie),
    remoteAddress,
  })
  const started = sessionCookieOf(pressed) ?? cookie
  const back = await atIdentityProvider(String(pressed.headers.location), SSO_SAML_ACCOUNT.email)
  const returned = await app.inject({
    url: `${back.pathname}${back.search}`,
    remoteAddress,
    headers: cookieHeader(started),
  })
  t.equal(returned.headers.location, '/auth/sign_in#sso=pick', 'the provider confirmed the account')
  const pending = await app.inject({
    url: '/auth/sso/pending',
    remoteAddress,
    headers: { ...SAME_ORIGIN, ...cookieHeader(sessionCookieOf(returned) ?? started) },
  })
  t.equal(pending.json().item.email, SSO_SAML_ACCOUNT.email, 'the picker names the account before signing in')
})

t.test(
  'signed in: an enterprise start offers to sign out first and never replaces the session',
  async (t) => {
    const remoteAddress = nextIp()
    const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, {
      headers: { 'x-forwarded-for': remoteAddress },
    })
    for (const url of [STARTS[0]?.url ?? '', SAML_START]) {
      const asked = await app.inject({
        url,
        headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
        remoteAddress,
      })
      t.equal(asked.statusCode, 200, `${url}: even from our own page`)
      t.equal(asked.headers.location, undefined, 'no round trip')
      t.match(asked.body, `You are signed in as ${DEMO_ACCOUNT.email}`)
      t.match(actionOf(asked.body), '/auth/sign_out', 'the button signs out')
      t.ok(tokenOf(asked.body), 'with the session’s form token')
    }
    // A connect flow runs signed in (the external app's channel connections): it only asks when not ours.
    const connect = await app.inject({
      url: '/auth/external/start/shopify',
      headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
      remoteAddress,
    })
    t.equal(connect.statusCode, 303)
  },
)
