/**
 * The sign-up flow on the server (server/routes/sign-up-flow.server.ts): the steps after the
 * e-mailed link belong to the session that verified it (review finding H1, security.md #18, #21).
 */
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import type { OutboxMessage } from '../../../sandbox/outbox.ts'
import { ENDPOINTS, type EndpointName } from '../../../shared/api/endpoints.ts'
import {
  build,
  cookieHeader,
  isSignedIn,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
} from '../../helper.ts'

const NO_LIMITS = { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m' }
const { app, sandbox } = await build(t, { env: NO_LIMITS })
const sg = sandbox.regions.sg.url
const DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Engines Ltd',
  jobTitle: 'Analyst',
  areaCode: '65',
  phone: '81234567',
}
let counter = 0
const freshEmail = () => `flow-${Date.now()}-${++counter}@trial.example`

interface Envelope {
  retCode: string
  retMsg: string
  item: Record<string, unknown>
}

class Browser {
  cookie: string | undefined
  readonly app: FastifyInstance
  constructor(app: FastifyInstance) {
    this.app = app
  }

  async post(url: string, payload: Record<string, unknown> = {}) {
    const response = await this.app.inject({
      method: 'POST',
      url,
      headers: { ...SAME_ORIGIN, ...cookieHeader(this.cookie) },
      payload,
    })
    this.cookie = sessionCookieOf(response) ?? this.cookie
    return { status: response.statusCode, body: response.json() as Envelope }
  }

  call(name: EndpointName, payload: Record<string, unknown>) {
    return this.post(`/api/${ENDPOINTS[name].path}`, payload)
  }

  async started(email = freshEmail()): Promise<string> {
    const challenge = (await this.call('initSgGeetestInfo', {})).body.item as {
      challengeId: string
      a: number
      b: number
    }
    const solved = await this.call('checkSgGeetestInfo', {
      challengeId: challenge.challengeId,
      answer: String(challenge.a + challenge.b),
    })
    const captchaPass = String(solved.body.item.captchaPass)
    const started = await this.call('registerSgNew', { email, password: 'Trial-Start42', captchaPass })
    if (started.body.retCode !== '000000') throw new Error(`registerSgNew: ${started.body.retMsg}`)
    await this.call('sendRegisterVerifyEmail', { email })
    return email
  }

  async openLink(email: string) {
    const outbox = (await (
      await fetch(`${sg}/__sandbox/outbox.json?to=${encodeURIComponent(email)}&kind=register-verify`)
    ).json()) as { messages: OutboxMessage[] }
    const id = /#id=([^&]+)/.exec(outbox.messages.at(-1)?.link ?? '')?.[1] ?? ''
    return this.call('checkVerifyEmailLink', { id })
  }
}

const calls = async (name: EndpointName) =>
  (await sandboxRequests(sg)).filter((request) => request.url.split('?')[0]?.endsWith(ENDPOINTS[name].path))
    .length

t.test(
  'sign-up finish › only the session whose link verified the address finishes, as that address',
  async (t) => {
    const owner = new Browser(app)
    const email = await owner.started()
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
    t.equal(refused.body.retCode, '700203')
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
    const owner = new Browser(app)
    const email = await owner.started()
    await owner.openLink(email)
    const stranger = new Browser(app)
    const before = await calls('registerSgPartInfo')
    const pending = await stranger.call('registerSgPartInfo', { email, ...DETAILS, phone: '89999999' })
    const unknown = await stranger.call('registerSgPartInfo', { email: freshEmail(), ...DETAILS })
    t.equal(pending.body.retCode, '700203', 'refused')
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
    const owner = new Browser(app)
    const email = await owner.started()
    t.equal((await owner.call('registerChoseProduct', { products: ['chatbot'] })).body.retCode, '700203')
    t.equal((await owner.post('/auth/sign_up/flow/finish')).body.retCode, '700203', 'not verified: no finish')
    await owner.openLink(email)
    t.equal((await owner.post('/auth/sign_up/flow/finish')).body.retCode, '700203', 'setup first')
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
