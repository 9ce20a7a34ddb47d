/**
 * Issue 18 point 15: the consent page names who is connecting what, and "Cancel" drops the
 * waiting connect without calling the channel server, ending at the outcome page as `cancelled`.
 */
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
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

/** A signed-in agent (or a visitor) back from `provider` with `query`: the cookie holding the connect. */
async function backFrom(provider: string, query: Record<string, string>, signedIn = true) {
  let cookie: string | undefined = signedIn
    ? await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    : undefined
  const start = await app.inject({
    url: `${base}/start/${provider}`,
    headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
  })
  cookie = sessionCookieOf(start) ?? cookie
  const state = new URL(String(start.headers.location)).searchParams.get('state') ?? ''
  return (await giveBack(app, { provider, ...query, state }, cookie, base)).cookie
}

async function flow(cookie: string | undefined) {
  const response = await app.inject({
    url: '/auth/channel_auth/flow',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
  })
  return response.json() as { item: Record<string, unknown> }
}

async function deny(cookie: string | undefined) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/channel_auth/deny',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie), 'content-type': 'application/json' },
    payload: {},
  })
  return {
    status: response.statusCode,
    body: response.json() as { retCode: string; item: Record<string, unknown> },
    cookie: sessionCookieOf(response) ?? cookie,
  }
}

/** Every call the sandbox's channel server received, over all regions. */
async function channelCalls(): Promise<string[]> {
  const paths: string[] = []
  for (const region of REGION_IDS)
    for (const request of await sandboxRequests(sandbox.regions[region].url))
      if (/shopify|salesforce|tikTok|lazada/i.test(request.url)) paths.push(request.url)
  return paths
}

t.test('consent › the flow names the signed-in account and the org being connected', async (t) => {
  const salesforce = await flow(await backFrom('salesforce', { domain: 'Acme.my.salesforce.com' }))
  t.same(salesforce.item, {
    signedIn: true,
    channel: 'salesforce',
    account: DEMO_ACCOUNT.email,
    store: 'acme.my.salesforce.com',
  })
  const shopify = await flow(await backFrom('shopify', { payload: 'shop-acme' }))
  t.equal(shopify.item.store, null, 'a signed payload names nothing the page could show')
  const visitor = await flow(await backFrom('salesforce', { domain: 'acme.my.salesforce.com' }, false))
  t.same(
    { signedIn: visitor.item.signedIn, account: visitor.item.account },
    { signedIn: false, account: null },
    'no account before the sign-in',
  )
  const sentence = await flow(await backFrom('salesforce', { domain: 'Click here to win a prize' }))
  t.equal(sentence.item.store, null, 'only a host name is shown, never a sentence from the URL')
})

t.test(
  'consent › Cancel drops the connect without calling the channel, and the outcome page says so',
  async (t) => {
    const cookie = await backFrom('shopify', { payload: 'shop-acme' })
    const before = (await channelCalls()).length
    const denied = await deny(cookie)
    t.equal(denied.status, 200)
    t.same(denied.body.item, { outcome: 'cancelled', channel: 'shopify' })
    t.equal((await channelCalls()).length, before, 'no call to the channel server')
    t.equal((await flow(denied.cookie)).item.channel, null, 'nothing waits any more')
    const authorize = await app.inject({
      method: 'POST',
      url: '/auth/channel_auth/authorize',
      headers: { ...SAME_ORIGIN, ...cookieHeader(denied.cookie), 'content-type': 'application/json' },
      payload: { consent: true },
    })
    t.equal(authorize.statusCode, 409, 'a cancelled connect cannot be authorized afterwards')
    const page = await app.inject({
      url: '/auth/channel_authStatus?result=cancelled&channel=shopify',
      headers: cookieHeader(denied.cookie),
    })
    t.equal(page.statusCode, 200)
    t.match(page.body, /data-result="cancelled"/)
    const again = await deny(denied.cookie)
    t.equal(again.status, 409, 'nothing left to cancel')
  },
)

t.test('consent › a visitor may cancel before signing in', async (t) => {
  const denied = await deny(await backFrom('salesforce', { domain: 'acme.my.salesforce.com' }, false))
  t.same(denied.body.item, { outcome: 'cancelled', channel: 'salesforce' })
})
