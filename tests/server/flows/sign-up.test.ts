/**
 * The sign-up flow on the server (server/routes/sign-up-flow.server.ts): the steps after the
 * e-mailed link belong to the session that verified it (review finding H1, security.md #18, #21).
 */
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { ENDPOINTS, type EndpointName } from '../../../shared/api/endpoints.ts'
import { NOT_IN_FLOW } from '../../../shared/envelope.ts'
import { build, cookieHeader, isSignedIn, SAME_ORIGIN, upstreamCalls } from '../../helper.ts'
import { outbox } from '../../support/outbox.ts'
import { freshSignUpEmail, SIGN_UP_DETAILS, SignUpBrowser } from '../../support/sign-up.ts'

const NO_LIMITS = { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m' }
const { app, sandbox } = await build(t, { env: NO_LIMITS })
const sg = sandbox.regions.sg.url
const DETAILS = SIGN_UP_DETAILS
const freshEmail = () => freshSignUpEmail('flow')
class Browser extends SignUpBrowser {
  constructor(app: FastifyInstance) {
    super(app, sg)
  }
}

const calls = (name: EndpointName) => upstreamCalls(sg, name)
/** A browser whose sign-up waits for its e-mailed link. */
async function waitingOwner(): Promise<{ owner: Browser; email: string }> {
  const owner = new Browser(app)
  return { owner, email: await owner.started() }
}

t.test(
  'sign-up finish › only the session whose link verified the address finishes, as that address',
  async (t) => {
    const { owner, email } = await waitingOwner()
    t.equal((await owner.openLink(email)).body.retCode, '000000')
    t.equal((await owner.call('registerSgPartInfo', { email, ...DETAILS })).body.retCode, '000000')

    // A stranger who knows the address: the finish is not reachable through /api at all…
    const stranger = new Browser(app)
    for (const name of ['registerFinishNew', 'registerFinishH5'] as const) {
      const direct = await stranger.call(name, { email })
      t.equal(direct.status, 404, `${name} is flow-only: /api answers 404`)
    }
    // …and the flow's finish refuses a session that has no flow, without asking the upstream.
    const before = await calls('registerFinishNew')
    const refused = await stranger.post('/auth/sign_up/flow/finish')
    t.equal(refused.body.retCode, NOT_IN_FLOW)
    t.equal(await calls('registerFinishNew'), before, 'never forwarded')
    t.notOk(await isSignedIn(app, stranger.cookie), 'the stranger is not signed in')

    // The owner finishes; the session names the account the upstream created.
    const done = await owner.post('/auth/sign_up/flow/finish')
    t.equal(done.body.retCode, '000000', done.body.retMsg)
    t.equal(done.body.item.token, undefined, 'the token stays in the sealed cookie')
    t.ok(await isSignedIn(app, owner.cookie), 'the owner is signed in')
    const flow = await app.inject({
      url: '/auth/sign_up/flow',
      headers: { ...SAME_ORIGIN, ...cookieHeader(owner.cookie) },
    })
    t.equal(flow.json().item.step, 'welcome')
  },
)

t.test(
  'sign-up setup › a stranger cannot rewrite the pending phone, nor learn that a sign-up is pending',
  async (t) => {
    const { owner, email } = await waitingOwner()
    await owner.openLink(email)
    const stranger = new Browser(app)
    const before = await calls('registerSgPartInfo')
    const pending = await stranger.call('registerSgPartInfo', { email, ...DETAILS, phone: '89999999' })
    const unknown = await stranger.call('registerSgPartInfo', { email: freshEmail(), ...DETAILS })
    t.equal(pending.body.retCode, NOT_IN_FLOW, 'refused')
    t.same(pending, unknown, 'a pending address and an unknown one get the same answer')
    t.equal(await calls('registerSgPartInfo'), before, 'never forwarded')

    // The owner's own setup goes on, for the owner's address whatever the body names.
    const own = await owner.call('registerSgPartInfo', { email: 'someone-else@trial.example', ...DETAILS })
    t.equal(own.body.retCode, '000000')
    t.equal(own.body.item.email, email, 'the flow’s address, not the body’s')
  },
)

t.test(
  'sign-up steps › out of order: the questionnaire and the finish before setup are refused',
  async (t) => {
    const { owner, email } = await waitingOwner()
    t.equal((await owner.call('registerChoseProduct', { products: ['chatbot'] })).body.retCode, NOT_IN_FLOW)
    t.equal(
      (await owner.post('/auth/sign_up/flow/finish')).body.retCode,
      NOT_IN_FLOW,
      'not verified: no finish',
    )
    await owner.openLink(email)
    t.equal((await owner.post('/auth/sign_up/flow/finish')).body.retCode, NOT_IN_FLOW, 'setup first')
  },
)

t.test('/api › the SSO, channel and WeCom endpoints are flow-only: 404 through /api', async (t) => {
  const flowOnly = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
    (name) => ENDPOINTS[name].access === 'flow',
  )
  for (const name of [
    'aadLogin',
    'aadLoginOverseas',
    'ssoAccessAuth',
    'samlAuthenticate',
    'memberQrCodeLoginUrl',
  ] as const)
    t.ok(flowOnly.includes(name), `${name} is flow-only in the table`)
  const answers: Record<string, number> = {}
  for (const name of flowOnly) {
    const path = ENDPOINTS[name].path.replace('{id}', '42').replace('{product}', 'shopify')
    const response = await app.inject({
      method: ENDPOINTS[name].method,
      url: `/api/${path}`,
      headers: SAME_ORIGIN,
      payload:
        ENDPOINTS[name].method === 'POST' ? { redirectUri: 'https://evil.example/', state: 'x' } : undefined,
    })
    answers[name] = response.statusCode
  }
  t.same(
    answers,
    Object.fromEntries(flowOnly.map((name) => [name, 404])),
    'every flow-only endpoint answers 404',
  )
})

t.test(
  'sign-up link › opened in another browser (forwarded): the sign-up goes on where it started, never there',
  async (t) => {
    const { owner, email } = await waitingOwner()
    // Whoever the link is forwarded to opens it: the address is confirmed, nothing more.
    const other = new Browser(app)
    const opened = await other.openLink(email)
    t.equal(opened.body.retCode, '000000')
    t.same(opened.body.item, { email, continuesElsewhere: true }, 'says where the sign-up continues')
    t.equal((await other.view()).step, 'credentials', 'the opener has no sign-up of its own')
    const before = await calls('registerSgPartInfo')
    const setup = await other.call('registerSgPartInfo', { email, ...DETAILS })
    t.equal(setup.body.retCode, NOT_IN_FLOW, 'the opener cannot set up the account…')
    t.equal((await other.post('/auth/sign_up/flow/finish')).body.retCode, NOT_IN_FLOW, '…nor finish it')
    t.equal(await calls('registerSgPartInfo'), before, 'never forwarded')
    t.notOk(await isSignedIn(app, other.cookie), 'and is not signed in to it')

    // The browser that signed up sees the link opened and goes on to setup, once.
    t.equal((await owner.view()).step, 'setup', 'the starting browser continues')
    t.equal((await owner.call('registerSgPartInfo', { email, ...DETAILS })).body.retCode, '000000')
    const third = new Browser(app)
    await third.started(freshEmail())
    t.equal((await third.view()).step, 'sent', 'another waiting sign-up is untouched')
  },
)

t.test(
  'sign-up e-mail › a verification e-mail goes only to the address this session is signing up with',
  async (t) => {
    const { email } = await waitingOwner()
    const stranger = new Browser(app)
    const before = await calls('sendRegisterVerifyEmail')
    const refused = await stranger.call('sendRegisterVerifyEmail', { email })
    t.equal(refused.body.retCode, NOT_IN_FLOW, 'no sign-up here: refused')
    t.equal(await calls('sendRegisterVerifyEmail'), before, 'never forwarded')
    const other = new Browser(app)
    const own = await other.started()
    const redirected = await other.call('sendRegisterVerifyEmail', { email })
    t.not(redirected.body.retCode, NOT_IN_FLOW)
    t.equal(
      (await outbox(sg, email, 'register-verify')).length,
      1,
      'the owner got only the one e-mail of their own start',
    )
    const mine = await outbox(sg, own, 'register-verify')
    t.ok(mine.length >= 1, 'the body’s address is replaced by the flow’s own')
  },
)
