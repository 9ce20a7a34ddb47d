/**
 * Issue 21 for channel consent: `/auth/channel_auth` is rendered on request with the flow the
 * session holds, and its plain form post runs the same steps as the page's fetch calls: Authorise
 * (consent first) and Cancel. CSRF as for every plain form: Fetch Metadata and Origin, and the
 * session's form token; another site's post gets our localised refusal page.
 */
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import enChannels from '../../../shared/i18n/locales/en/channels.ts'
import enCommon from '../../../shared/i18n/locales/en/common.ts'
import zhErrors from '../../../shared/i18n/locales/zh/errors.ts'
import { REGION_IDS } from '../../../shared/regions.ts'
import {
  build,
  cookieHeader,
  OWN_PAGE_LINK,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
  signIn,
} from '../../helper.ts'
import { giveBack } from '../external-return.ts'

const { app, config, sandbox } = await build(t, { ssr: true, env: { RATE_LIMIT_SIGN_IN: '1000/1m' } })
const base = config.externalApp.basePath
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }

/** Back from Shopify with a store waiting for consent (signed in as the demo agent, or a visitor). */
async function waiting(signedIn = true) {
  const agent = signedIn ? await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password) : undefined
  const start = await app.inject({
    url: `${base}/start/shopify`,
    headers: { ...OWN_PAGE_LINK, ...cookieHeader(agent) },
  })
  const state = new URL(String(start.headers.location)).searchParams.get('state') ?? ''
  const back = await giveBack(
    app,
    { provider: 'shopify', payload: 'shop-acme', state },
    sessionCookieOf(start) ?? agent,
    base,
  )
  return back.cookie
}

/** The consent page as the server renders it, and the form token it carries. */
async function consentPage(cookie: string | undefined, url = '/auth/channel_auth') {
  const response = await app.inject({ url, headers: cookieHeader(cookie) })
  const token = /name="_csrf" value="([^"]*)"/.exec(response.body)?.[1] ?? ''
  return { response, html: response.body, token, cookie: sessionCookieOf(response) ?? cookie }
}

async function post(
  cookie: string | undefined,
  fields: Record<string, string>,
  headers: Record<string, string> = FORM,
  url = '/auth/channel_auth',
) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...cookieHeader(cookie) },
    payload: new URLSearchParams(fields).toString(),
  })
  return { response, html: response.body, cookie: sessionCookieOf(response) ?? cookie }
}

const inserts = async () => {
  let count = 0
  for (const region of REGION_IDS)
    for (const request of await sandboxRequests(sandbox.regions[region].url))
      if (/insertShopifyChannel/i.test(request.url)) count++
  return count
}

t.test(
  'GET /auth/channel_auth › rendered on request with the flow: a plain form, never cached',
  async (t) => {
    const shown = await consentPage(await waiting())
    t.equal(shown.response.statusCode, 200)
    t.match(shown.response.headers['cache-control'], /no-store/)
    t.match(shown.html, enChannels.title.replace('{{channel}}', enChannels.name.shopify))
    t.match(shown.html, DEMO_ACCOUNT.email, 'the signed-in account, named by the server')
    const form = /<form [^>]*>/.exec(shown.html)?.[0] ?? ''
    t.match(form, 'action="/auth/channel_auth"', 'a form that posts to the page itself')
    t.match(form, 'method="post"')
    t.match(shown.html, 'name="consent"')
    t.ok(shown.token, 'the session’s form token is in the form')
    t.notMatch(shown.html, enChannels.loading, 'never "Loading"')
    const nothing = await consentPage(undefined)
    t.match(nothing.html, enChannels.noFlow, 'nothing waiting: the page says so')
  },
)

t.test('POST /auth/channel_auth › consent first, then the same step as the fetch route', async (t) => {
  const shown = await consentPage(await waiting())
  const before = await inserts()
  const unticked = await post(shown.cookie, { _csrf: shown.token, action: 'authorize' })
  t.equal(unticked.response.statusCode, 200, 'the consent again (a form page is a 200)')
  t.match(unticked.html, enCommon.validation.consent, 'with the message at the checkbox')
  t.equal(await inserts(), before, 'nothing sent to the channel')

  const again = await consentPage(unticked.cookie)
  const done = await post(again.cookie, { _csrf: again.token, action: 'authorize', consent: 'on' })
  t.equal(done.response.statusCode, 303)
  t.equal(done.response.headers.location, '/auth/channel_authStatus?result=success&channel=shopify')
  t.equal(await inserts(), before + 1, 'the channel server was asked once')
  const outcome = await app.inject({
    url: String(done.response.headers.location),
    headers: cookieHeader(done.cookie),
  })
  t.equal(outcome.statusCode, 200, 'the outcome page shows this session’s result')

  // One flow, whichever way in: the fetch route finds it ended.
  const json = await app.inject({
    method: 'POST',
    url: '/auth/channel_auth/authorize',
    headers: { ...SAME_ORIGIN, ...cookieHeader(done.cookie), 'content-type': 'application/json' },
    payload: { consent: true },
  })
  t.equal(json.statusCode, 409)
})

t.test(
  'POST /auth/channel_auth › a visitor cancels; signed out, Authorise shows the sign-in step',
  async (t) => {
    const shown = await consentPage(await waiting(false), '/auth/channel_auth?language=zh')
    t.match(shown.html, 'name="_csrf"', 'a visitor’s Cancel carries a token too')
    const tried = await post(shown.cookie, { _csrf: shown.token, action: 'authorize', consent: 'on' })
    t.equal(tried.response.statusCode, 200)
    t.match(tried.html, enChannels.signInFirst, 'signed out: the sign-in step, the connect kept')
    const again = await consentPage(tried.cookie, '/auth/channel_auth?language=zh')
    const cancelled = await post(
      again.cookie,
      { _csrf: again.token, action: 'cancel' },
      FORM,
      '/auth/channel_auth?language=zh',
    )
    t.equal(cancelled.response.statusCode, 303)
    t.equal(
      cancelled.response.headers.location,
      '/auth/channel_authStatus?result=cancelled&channel=shopify&language=zh',
    )
  },
)

t.test('POST /auth/channel_auth › another site, or no token, gets our refusal page', async (t) => {
  const shown = await consentPage(await waiting())
  const before = await inserts()
  const fields = { _csrf: shown.token, action: 'authorize', consent: 'on' }
  const crossSite = await post(
    shown.cookie,
    fields,
    { ...FORM, 'sec-fetch-site': 'cross-site' },
    '/auth/channel_auth?language=zh',
  )
  t.equal(crossSite.response.statusCode, 403)
  t.match(crossSite.html, zhErrors.csrfForm, 'localised')
  const foreignOrigin = await post(shown.cookie, fields, {
    'content-type': 'application/x-www-form-urlencoded',
    origin: 'https://evil.example',
  })
  t.equal(foreignOrigin.response.statusCode, 403, 'a foreign Origin (a browser without Fetch Metadata)')
  const noToken = await post(shown.cookie, { action: 'authorize', consent: 'on' })
  t.equal(noToken.response.statusCode, 403, 'no form token')
  const otherToken = await consentPage(await waiting())
  const foreignToken = await post(shown.cookie, { ...fields, _csrf: otherToken.token })
  t.equal(foreignToken.response.statusCode, 403, 'another session’s token')
  t.equal(await inserts(), before, 'nothing was authorised')
})
