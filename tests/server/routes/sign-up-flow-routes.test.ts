/**
 * The sign-up flow's own routes (server/routes/sign-up-flow.server.ts) against the sandbox:
 * `POST /auth/sign_up/flow/back`, `POST /auth/sign_up/flow/restart` and `POST /auth/console`, with
 * `GET /auth/sign_up/flow` as the page reads the result. tests/server/flows/sign-up.test.ts covers
 * who may finish; this file covers going back, starting again and opening the console.
 */
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT, FIXTURE_PASSWORD } from '../../../sandbox/fixtures.ts'
import { NOT_IN_FLOW } from '../../../shared/envelope.ts'
import { build, isSignedIn, sandboxRequests, signIn } from '../../helper.ts'
import { armFault } from '../../support/sandbox-faults.ts'
import { SIGN_UP_DETAILS, SignUpBrowser } from '../../support/sign-up.ts'

const NO_LIMITS = { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m' }
const { app, sandbox } = await build(t, { env: NO_LIMITS })
const sg = sandbox.regions.sg.url
const DETAILS = SIGN_UP_DETAILS
const CROSS_SITE = { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'cross-site' }

/** One browser: its session cookie carries the flow from call to call. */
class Browser extends SignUpBrowser {
  constructor(app: FastifyInstance, cookie?: string) {
    super(app, sg, cookie)
  }
}

const getTokenCalls = async () =>
  (await sandboxRequests(sg)).filter((request) => request.url.startsWith('/tokens/getToken'))

t.test(
  'POST /auth/sign_up/flow/back › from the e-mail step: the address is kept, the flow forgotten',
  async (t) => {
    const browser = new Browser(app)
    const email = await browser.started()
    t.equal((await browser.view()).step, 'sent')
    const back = await browser.request('POST', '/auth/sign_up/flow/back')
    t.equal(back.status, 200)
    t.equal(back.body.retCode, '000000')
    t.same(
      back.body.item,
      { step: 'credentials', email },
      'the credentials form again, with the address typed',
    )
    t.same(await browser.view(), { step: 'credentials' }, 'a reload starts afresh')
    t.equal(
      (await browser.call('registerSgPartInfo', { email, ...DETAILS })).body.retCode,
      NOT_IN_FLOW,
      'no setup',
    )
  },
)

t.test(
  'POST /auth/sign_up/flow/back › from the questionnaire: the setup again, what was typed kept',
  async (t) => {
    const browser = new Browser(app)
    const email = await browser.atSetup()
    t.equal((await browser.call('registerSgPartInfo', { email, ...DETAILS })).body.retCode, '000000')
    t.equal((await browser.view()).step, 'questionnaire')

    const back = await browser.request('POST', '/auth/sign_up/flow/back')
    t.equal(back.body.retCode, '000000')
    t.match(back.body.item, { step: 'setup', email, details: DETAILS })
    t.match(await browser.view(), { step: 'setup', email, details: DETAILS }, 'a reload shows the same')
    const again = await browser.request('POST', '/auth/sign_up/flow/back')
    t.equal(again.body.item.step, 'setup', 'the setup is the first step after the link: back stays there')
    const updated = await browser.call('registerSgPartInfo', { email, ...DETAILS, jobTitle: 'Engineer' })
    t.equal(updated.body.retCode, '000000', 'the setup can be sent again')
    t.equal((await browser.view()).step, 'questionnaire')
  },
)

t.test(
  'POST /auth/sign_up/flow/restart › forgets the flow: no step after the link runs any more',
  async (t) => {
    const browser = new Browser(app)
    const email = await browser.atSetup()
    t.equal((await browser.view()).step, 'setup')
    const restart = await browser.request('POST', '/auth/sign_up/flow/restart')
    t.equal(restart.status, 200)
    t.same(restart.body.item, { step: 'credentials' }, 'nothing of the old registration is shown')
    t.same(await browser.view(), { step: 'credentials' })
    const setup = await browser.call('registerSgPartInfo', { email, ...DETAILS })
    t.equal(setup.body.retCode, NOT_IN_FLOW, 'the verified registration no longer belongs to this session')
    t.equal(
      (await browser.request('POST', '/auth/sign_up/flow/finish')).body.retCode,
      NOT_IN_FLOW,
      'nor its finish',
    )

    const stranger = await new Browser(app).request('POST', '/auth/sign_up/flow/restart')
    t.same(stranger.body.item, { step: 'credentials' }, 'without a flow: nothing to forget')
  },
)

t.test('flow routes › cross-site calls are refused and change nothing', async (t) => {
  const browser = new Browser(app)
  const email = await browser.atSetup()
  for (const url of ['/auth/sign_up/flow/back', '/auth/sign_up/flow/restart']) {
    const crossSite = await browser.request('POST', url, {}, CROSS_SITE)
    t.equal(crossSite.status, 403, `${url}: another site's page`)
    const noHeader = await browser.request(
      'POST',
      url,
      {},
      { 'x-requested-with': '', 'sec-fetch-site': 'same-origin' },
    )
    t.equal(noHeader.status, 403, `${url}: a plain form post (no X-Requested-With)`)
  }
  const read = await browser.request('GET', '/auth/sign_up/flow', undefined, CROSS_SITE)
  t.equal(read.status, 403, 'another site cannot read where the sign-up stands')
  t.notMatch(JSON.stringify(read.body), email, 'nor learn the address')
  t.match(await browser.view(), { step: 'setup', email }, 'the flow is where it was')
})

t.test(
  'POST /auth/console › after the finish: the console of the region, signed in as the new account',
  async (t) => {
    const browser = new Browser(app)
    const email = await browser.atSetup()
    await browser.call('registerSgPartInfo', { email, ...DETAILS })
    const finish = await browser.request('POST', '/auth/sign_up/flow/finish')
    t.equal(finish.body.retCode, '000000', finish.body.retMsg)

    const before = (await getTokenCalls()).length
    const opened = await browser.request('POST', '/auth/console')
    t.equal(opened.status, 200)
    t.equal(opened.body.retCode, '000000')
    const url = String(opened.body.item.url)
    t.ok(url.startsWith(`${sg}/__sandbox/console?ticket=`), `the ticketed console of the region (sg): ${url}`)
    const consolePage = await (await fetch(url)).text()
    t.match(
      consolePage,
      new RegExp(`Signed in as <b>${email.replace(/[.+]/g, '\\$&')}</b>`),
      'the console opens signed in',
    )
    const exchanges = (await getTokenCalls()).slice(before)
    t.same(
      exchanges.map((request) => request.auth && { valid: request.auth.valid, email: request.auth.email }),
      [{ valid: true, email }],
      'one token exchange, with the new account’s temporary token',
    )
    t.notMatch(JSON.stringify(opened.body), /token/i, 'no token reaches the browser')
    t.ok(await isSignedIn(app, browser.cookie), 'still signed in with the fresh token')
    t.equal((await browser.view()).step, 'welcome', 'the sign-up is over')
  },
)

t.test('POST /auth/console › a signed-in account gets its console; the token is exchanged', async (t) => {
  const browser = new Browser(app, await signIn(app, DEMO_ACCOUNT.email, FIXTURE_PASSWORD))
  const first = await browser.request('POST', '/auth/console')
  t.equal(first.body.retCode, '000000')
  t.match(
    first.body.item,
    { url: `${sg}/__sandbox/console?ticket=` },
    'the ticketed console of the account’s region',
  )
  t.match(await (await fetch(String(first.body.item.url))).text(), /Signed in as <b>demo@sandbox\.test<\/b>/)
  const second = await browser.request('POST', '/auth/console')
  t.equal(second.body.retCode, '000000', 'the fresh token kept in the session works for the next exchange')
})

t.test(
  'POST /auth/console › refused without a session, cross-site, and when the upstream fails',
  async (t) => {
    const before = (await getTokenCalls()).length
    const anonymous = await new Browser(app).request('POST', '/auth/console')
    t.equal(anonymous.status, 401, 'not signed in')
    t.equal((await getTokenCalls()).length, before, 'no upstream call without a session')

    const browser = new Browser(app, await signIn(app, DEMO_ACCOUNT.email, FIXTURE_PASSWORD))
    const crossSite = await browser.request('POST', '/auth/console', {}, CROSS_SITE)
    t.equal(crossSite.status, 403, 'another site cannot spend the session’s token')
    t.equal((await getTokenCalls()).length, before, 'nor make the BFF call the upstream')

    await armFault(sg, { status: 503, remaining: 1 })
    const failed = await browser.request('POST', '/auth/console')
    t.equal(failed.status, 502, 'the upstream failed')
    t.equal(failed.body.retCode, '502')
    t.ok(failed.body.retMsg.length > 0, `a message for the page: ${failed.body.retMsg}`)
    t.ok(await isSignedIn(app, browser.cookie), 'the session survives a failed exchange')
  },
)
