/**
 * The sign-in's endpoint rows are flow-only (issue 17; docs/flows/sign-in.md › Endpoints): from the
 * browser, `/api` refuses each of them as it refuses every flow row — 404, nothing forwarded, no
 * session — whatever the body says, and the sign-in flow's steps still do the job: the sign-in,
 * the environment picker, the e-mailed code and the console hand-over.
 */
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT, EMAIL_CODE_ACCOUNT, MULTI_ENV_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { ENDPOINTS } from '../../../shared/api/endpoints.ts'
import {
  buildForFile,
  cookieHeader,
  isSignedIn,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
  signIn,
  signInStep,
} from '../../helper.ts'
import { outbox } from '../../support/outbox.ts'

const { app, sandbox, sg } = await buildForFile(t, {
  // A page rendered for a session carries the form token; this route mints it as such a page would.
  extraRoutes: (app: FastifyInstance) =>
    app.get('/__test/csrf', async (_request, reply) => ({ token: reply.generateCsrf() })),
})
const us = sandbox.regions.us.url

const SIGN_IN_ROWS = [
  'loginEmailCheck',
  'getAllEnvDomain',
  'getServiceLoginWrongTimes',
  'consoleLogin',
  'serviceLoginNew',
  'sendVerifyCode',
  'sendEmailRandomCode',
] as const

/** Everything a body could ask of these rows: an address, its password, a code. */
const EVERYTHING = { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, code: '123456' }

const upstreamCalls = async () => (await sandboxRequests(sg)).length + (await sandboxRequests(us)).length
/** The flow's password step in the browser whose cookie that is. */
const passwordStep = (password: string, cookie: string | undefined) =>
  signInStep(app, 'password', { password }, { cookie })

t.test('/api › each sign-in row is refused from the browser, as every flow row is', async (t) => {
  // The refusal a flow row has had since issue 17 (the SSO redemption): the reference answer.
  const reference = await app.inject({
    method: 'POST',
    url: `/api/${ENDPOINTS.samlAuthenticate.path}`,
    headers: SAME_ORIGIN,
    payload: EVERYTHING,
  })
  t.equal(reference.statusCode, 404)
  const before = await upstreamCalls()
  for (const name of SIGN_IN_ROWS) {
    t.equal(ENDPOINTS[name].access, 'flow', `${name} is a flow row in the table`)
    const response = await app.inject({
      method: 'POST',
      url: `/api/${ENDPOINTS[name].path}`,
      headers: SAME_ORIGIN,
      payload: EVERYTHING,
    })
    t.equal(response.statusCode, 404, `${name}: 404 through /api`)
    t.same(response.json(), reference.json(), `${name}: the same answer as another flow row`)
    t.notOk(await isSignedIn(app, sessionCookieOf(response)), `${name}: nobody is signed in`)
  }
  t.equal(await upstreamCalls(), before, 'nothing reached an upstream')
})

t.test('the flow › the demo account signs in; the answer hands over to the console', async (t) => {
  const started = await signInStep(app, 'email', { email: DEMO_ACCOUNT.email })
  t.match(started.response.json(), { retCode: '000000', item: { flow: { step: 'password' } } })
  const done = await passwordStep(DEMO_ACCOUNT.password, started.cookie)
  t.equal(done.response.json().retCode, '000000', done.response.body)
  t.ok(await isSignedIn(app, done.cookie), 'signed in')
  const consoleUrl = String(done.response.json().item.consoleUrl)
  t.ok(consoleUrl.startsWith(`${sg}/__sandbox/console?ticket=`), consoleUrl)
  t.match(await (await fetch(consoleUrl)).text(), /Signed in as <b>demo@sandbox\.test<\/b>/)
})

t.test('the flow › several environments: the picked one is where the sign-in goes', async (t) => {
  const started = await signInStep(app, 'email', { email: MULTI_ENV_ACCOUNT.email })
  t.same(started.response.json().item.flow.environments, ['sg-k8s', 'us-k8s'])
  const picked = await signInStep(app, 'environment', { environment: 'us-k8s' }, { cookie: started.cookie })
  t.match(picked.response.json(), { retCode: '000000', item: { flow: { step: 'password' } } })
  const done = await passwordStep(MULTI_ENV_ACCOUNT.password, picked.cookie)
  t.equal(done.response.json().retCode, '000000', done.response.body)
  t.ok(String(done.response.json().item.consoleUrl).startsWith(`${us}/__sandbox/console?`), 'the us console')
  t.ok(await isSignedIn(app, done.cookie))
})

t.test(
  'the flow › the e-mailed code: sent after the password, a new one later, then signed in',
  async (t) => {
    const started = await signInStep(app, 'email', { email: EMAIL_CODE_ACCOUNT.email })
    const sent = await passwordStep(EMAIL_CODE_ACCOUNT.password, started.cookie)
    t.match(sent.response.json(), { retCode: '000000', item: { flow: { step: 'code' } } })
    await fetch(`${sg}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 60_000 }),
    })
    const resent = await signInStep(app, 'resend', {}, { cookie: sent.cookie })
    t.equal(resent.response.json().retCode, '000000', 'a new code after the wait (sendEmailRandomCode)')
    const messages = await outbox(sg, EMAIL_CODE_ACCOUNT.email, 'login-code')
    t.equal(messages.length, 2, 'two codes went out')
    const done = await signInStep(
      app,
      'code',
      { code: messages.at(-1)?.code ?? '' },
      { cookie: resent.cookie },
    )
    t.equal(done.response.json().retCode, '000000', done.response.body)
    t.ok(await isSignedIn(app, done.cookie), 'signed in')
  },
)

t.test(
  'the console hand-over › a signed-in session opens the console (consoleLogin on the server)',
  async (t) => {
    const signedIn = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    const minted = await app.inject({ method: 'GET', url: '/__test/csrf', headers: cookieHeader(signedIn) })
    const cookie = sessionCookieOf(minted) ?? signedIn
    const opened = await app.inject({
      method: 'POST',
      url: '/auth/console/open',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        ...cookieHeader(cookie),
      },
      payload: `_csrf=${encodeURIComponent(minted.json().token as string)}`,
    })
    t.equal(opened.statusCode, 303, opened.body)
    t.ok(String(opened.headers.location).startsWith(`${sg}/__sandbox/console?ticket=`))
  },
)
