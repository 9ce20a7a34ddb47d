/**
 * The external app's provider returns (server/routes/external-app.server.ts): review finding H2 —
 * a link carrying someone else's SAML authId must not sign a visitor in, and a sign-in never
 * silently replaces another identity's session nor carries that person's pending connect.
 */
import t from 'tap'
import { DEMO_ACCOUNT, RESET_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, cookieHeader, isSignedIn, SAME_ORIGIN, sandboxRequests, signIn } from '../../helper.ts'
import { giveBack as giveBackToPage, startAt } from '../external-return.ts'

const { app, sandbox, config } = await build(t, { env: { RATE_LIMIT_SIGN_IN: '1000/1m' } })
const base = config.externalApp.basePath
const SAML_RETURN = { provider: 'saml', authId: 'saml-auth-demo', retCode: '000000' }

const start = (provider: string, cookie?: string) => startAt(app, provider, cookie, base)

/** The provider sends the browser back to the app's page (read on the server, issue 21 point 5). */
const giveBack = (query: Record<string, string>, cookie?: string) => giveBackToPage(app, query, cookie, base)

/** The reset fixture signed in, with a Shopify store brought back and waiting for its consent. */
async function shopWaitingForConsent() {
  const agent = await signIn(app, RESET_ACCOUNT.email, RESET_ACCOUNT.password)
  const shop = await start('shopify', agent)
  return giveBack({ provider: 'shopify', payload: 'shop-acme', state: shop.state }, shop.cookie)
}

const redeems = async () =>
  (await sandboxRequests(sandbox.regions.sg.url)).filter((request) =>
    request.url.includes('basic-sso/access/auth'),
  ).length

t.test('external return (H2) › a SAML authId without this session’s state signs nobody in', async (t) => {
  const before = await redeems()
  const forged = await giveBack(SAML_RETURN)
  t.equal(forged.status, 400, 'no state: refused')
  t.equal(forged.body.item.reason, 'state')
  const visitor = await start('shopify')
  const foreignState = await giveBack({ ...SAML_RETURN, state: visitor.state })
  t.equal(foreignState.status, 400, 'a state of another browser: refused')
  t.equal(await redeems(), before, 'the authId was never redeemed')
  t.notOk(await isSignedIn(app, forged.cookie))

  const own = await start('saml')
  const done = await giveBack({ ...SAML_RETURN, state: own.state }, own.cookie)
  t.equal(done.body.retCode, '000000', 'with its own state the SAML return signs in')
  // The sandbox's fixed authId belongs to the demo account (docs/sandbox.md).
  t.equal(done.body.item.email, DEMO_ACCOUNT.email, 'as the identity the upstream answered')
  t.ok(await isSignedIn(app, done.cookie))
})

t.test(
  'external return (H2) › a sign-in never replaces another identity, nor takes its connect along',
  async (t) => {
    // An agent (the reset fixture) is signed in and has a Shopify store waiting for consent.
    const waiting = await shopWaitingForConsent()
    t.equal(waiting.body.item.next, 'consent')
    // A SAML return for someone else (the demo account) lands in the same browser.
    const saml = await start('saml', waiting.cookie)
    const swap = await giveBack({ ...SAML_RETURN, state: saml.state }, saml.cookie)
    t.equal(swap.status, 409, 'refused: another identity is signed in here')
    const flow = await app.inject({
      url: '/auth/channel_auth/flow',
      headers: { ...SAME_ORIGIN, ...cookieHeader(swap.cookie) },
    })
    t.match(
      flow.json().item,
      { signedIn: true, channel: 'shopify' },
      'the agent’s session and connect are intact',
    )
  },
)

t.test(
  'channel connect › a store brought back by one account is never authorized into the next one',
  async (t) => {
    const waiting = await shopWaitingForConsent()
    // The next person signs in with a password in the same browser, without signing out first.
    const next = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, { cookie: waiting.cookie })
    const authorize = await app.inject({
      method: 'POST',
      url: '/auth/channel_auth/authorize',
      headers: { ...SAME_ORIGIN, ...cookieHeader(next), 'content-type': 'application/json' },
      payload: { consent: true },
    })
    t.equal(authorize.statusCode, 409, 'the previous account’s store is not authorized here')
  },
)
