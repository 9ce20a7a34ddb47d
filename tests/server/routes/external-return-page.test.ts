/**
 * Issue 21 point 5 (spec §4): the external app reads a provider's return when its page is
 * requested — the state checked then against this session, the browser sent on (303) to the same
 * page without the provider's parameters, and the result shown there once, from the session, in a
 * page rendered for this request and never cached. Works without JavaScript.
 */
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import en from '../../../shared/i18n/locales/en/external.ts'
import zh from '../../../shared/i18n/locales/zh/external.ts'
import { REGION_IDS } from '../../../shared/regions.ts'
import { build, cookieHeader, OWN_PAGE_LINK, sandboxRequests, sessionCookieOf, signIn } from '../../helper.ts'

const { app, config, sandbox } = await build(t, { ssr: true, env: { RATE_LIMIT_SIGN_IN: '1000/1m' } })
/** The default EXTERNAL_APP_BASE (ADR 0040). */
const BASE = '/auth/external'
t.equal(config.externalApp.basePath, BASE)

async function start(provider: string, cookie?: string, language?: string) {
  const response = await app.inject({
    url: `${BASE}/start/${provider}${language ? `?language=${language}` : ''}`,
    headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
  })
  const location = new URL(String(response.headers.location))
  return { cookie: sessionCookieOf(response) ?? cookie, state: location.searchParams.get('state') ?? '' }
}

/** The provider's redirect back to a page of the app, as the browser follows it. */
async function arrive(url: string, cookie?: string, method: 'GET' | 'HEAD' = 'GET') {
  const response = await app.inject({ method, url, headers: cookieHeader(cookie) })
  return { response, cookie: sessionCookieOf(response) ?? cookie }
}

async function page(url: string, cookie?: string) {
  const response = await app.inject({ url, headers: cookieHeader(cookie) })
  return { response, html: response.body, cookie: sessionCookieOf(response) ?? cookie }
}

const redeems = async () => {
  let count = 0
  for (const region of REGION_IDS)
    for (const request of await sandboxRequests(sandbox.regions[region].url))
      if (request.url.includes('basic-sso/access/auth')) count++
  return count
}

t.test('a connect return › read on request, 303 to the clean page, the result there once', async (t) => {
  const agent = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const begun = await start('shopify', agent, 'zh')
  const returnUrl = `${BASE}/connect?language=zh&provider=shopify&payload=shop-acme&state=${begun.state}`
  const back = await arrive(returnUrl, begun.cookie)
  t.equal(back.response.statusCode, 303)
  t.equal(back.response.headers.location, `${BASE}/connect?language=zh`, 'the provider’s parameters are gone')
  t.match(back.response.headers['cache-control'], /no-store/)
  t.equal(back.response.headers['referrer-policy'], 'no-referrer', 'the code never leaks in a Referer')

  const shown = await page(String(back.response.headers.location), back.cookie)
  t.equal(shown.response.statusCode, 200)
  t.match(shown.response.headers['cache-control'], /no-store/, 'one session’s page: never cached')
  t.match(shown.html, 'data-state="received"', 'the result, rendered by the server')
  t.match(shown.html, zh.continueConsent, 'in the language the round trip started in')
  t.notMatch(shown.html, begun.state, 'the used state is in no page')

  const again = await page(`${BASE}/connect?language=zh`, shown.cookie)
  t.match(again.html, 'data-state="idle"', 'shown once: a reload shows the page without it')

  const replay = await arrive(returnUrl, again.cookie)
  t.equal(replay.response.statusCode, 303)
  const refused = await page(String(replay.response.headers.location), replay.cookie)
  t.match(refused.html, 'data-problem="state"', 'the replayed state is refused')
  t.match(refused.html, zh.refusedTitle)

  const oldCopy = await arrive(returnUrl, begun.cookie)
  const refusedToo = await page(String(oldCopy.response.headers.location), oldCopy.cookie)
  t.match(refusedToo.html, 'data-problem="state"', 'so is the cookie from before the return (L5)')
})

t.test(
  'a sign-in return › a state of this browser signs in; none, or another’s, redeems nothing',
  async (t) => {
    const before = await redeems()
    const forged = await arrive(`${BASE}?provider=saml&authId=saml-auth-demo&retCode=000000`)
    t.equal(forged.response.headers.location, BASE)
    t.match((await page(BASE, forged.cookie)).html, 'data-problem="state"', 'no state: refused')
    const other = await start('saml')
    const foreign = await arrive(
      `${BASE}?provider=saml&authId=saml-auth-demo&retCode=000000&state=${other.state}`,
    )
    t.match(
      (await page(BASE, foreign.cookie)).html,
      'data-problem="state"',
      'another browser’s state: refused',
    )
    t.equal(await redeems(), before, 'the authId was never redeemed')

    const own = await start('saml')
    const head = await arrive(
      `${BASE}?provider=saml&authId=saml-auth-demo&retCode=000000&state=${own.state}`,
      own.cookie,
      'HEAD',
    )
    t.equal(head.response.statusCode, 303, 'a HEAD (a link checker) is sent on too…')
    t.equal(await redeems(), before, '…and redeems nothing')
    const back = await arrive(
      `${BASE}?provider=saml&authId=saml-auth-demo&retCode=000000&state=${own.state}`,
      own.cookie,
    )
    t.equal(back.response.headers.location, BASE)
    const shown = await page(BASE, back.cookie)
    t.match(shown.html, 'data-state="signedIn"')
    t.match(shown.html, en.signedIn)
    t.equal(await redeems(), before + 1)
  },
)

t.test('a link of the app carrying the waiting connect’s query redeems nothing', async (t) => {
  const begun = await start('lazada')
  const back = await arrive(
    `${BASE}/connect?provider=lazada&code=lazada-code-acme&state=${begun.state}`,
    begun.cookie,
  )
  const received = await page(`${BASE}/connect`, back.cookie)
  // Spec §2: the app's links carry the saved query; following one is no new return.
  const link = await arrive(`${BASE}?provider=lazada&code=lazada-code-acme`, received.cookie)
  t.equal(link.response.headers.location, BASE)
  const shown = await page(BASE, link.cookie)
  t.match(shown.html, 'data-state="idle"', 'no refusal: the connect still waits')
  t.match(shown.html, 'data-testid="password-sign-in"', 'and the page offers to sign in for it')
})
