/**
 * The sign-in owned by the server (issue 17; docs/flows/sign-in.md): the steps run only in the
 * session that started the flow and in order, the address (and at the code step the password)
 * come from the session, never from a body, and the page's fetch calls get the flow in `item.flow`.
 */
import t from 'tap'
import { DEMO_ACCOUNT, EMAIL_CODE_ACCOUNT, MULTI_ENV_ACCOUNT } from '../../../sandbox/fixtures.ts'
import {
  buildForFile,
  cookieHeader,
  isSignedIn,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
} from '../../helper.ts'
import { outbox } from '../../support/outbox.ts'

const { app, sg } = await buildForFile(t)

/** The step routes, each exercised below. */
const STEP_URL: Record<string, string> = {
  email: '/auth/sign_in/flow/email',
  environment: '/auth/sign_in/flow/environment',
  password: '/auth/sign_in/flow/password',
  code: '/auth/sign_in/flow/code',
  resend: '/auth/sign_in/flow/resend',
  back: '/auth/sign_in/flow/back',
}

/** One browser: its cookie follows every answer. */
class Browser {
  cookie: string | undefined
  async step(
    name: string,
    payload: Record<string, unknown> = {},
    headers: Record<string, string> = SAME_ORIGIN,
  ) {
    const response = await app.inject({
      method: 'POST',
      url: STEP_URL[name] ?? '',
      headers: { ...headers, ...cookieHeader(this.cookie) },
      payload,
    })
    this.cookie = sessionCookieOf(response) ?? this.cookie
    const json = response.headers['content-type']?.toString().startsWith('application/json')
    return { status: response.statusCode, body: json ? response.json() : {}, raw: response.body }
  }
}

const upstreamCalls = async () => (await sandboxRequests(sg)).length

const loginCodes = (to: string) => outbox(sg, to, 'login-code')

t.test('demo account › e-mail, then password: signed in, the token never in the answer', async (t) => {
  const browser = new Browser()
  const email = await browser.step('email', { email: DEMO_ACCOUNT.email })
  t.equal(email.body.retCode, '000000')
  t.match(email.body.item.flow, { step: 'password', email: DEMO_ACCOUNT.email, emailCodeRequired: false })
  const signedIn = await browser.step('password', { password: DEMO_ACCOUNT.password })
  t.equal(signedIn.body.retCode, '000000', signedIn.body.retMsg)
  t.equal(signedIn.body.item.email, DEMO_ACCOUNT.email, 'the identity the upstream answered')
  t.match(signedIn.body.item.consoleUrl, /^https?:\/\//, 'the checked console address')
  t.notMatch(signedIn.raw, /token/i, 'no token reaches the page')
  t.match(signedIn.body.item.flow, { step: 'email' }, 'the flow is over')
  t.ok(await isSignedIn(app, browser.cookie))
})

t.test('several environments › only a listed one is taken, then the password signs in there', async (t) => {
  const browser = new Browser()
  const email = await browser.step('email', { email: MULTI_ENV_ACCOUNT.email })
  t.match(email.body.item.flow, { step: 'environment', environments: ['sg-k8s', 'us-k8s'] })
  t.equal(
    (await browser.step('password', { password: MULTI_ENV_ACCOUNT.password })).body.retCode,
    '409',
    'not before the pick',
  )
  const unlisted = await browser.step('environment', { environment: 'hk-k8s' })
  t.equal(unlisted.status, 400, 'an environment the account is not in is refused')
  const picked = await browser.step('environment', { environment: 'us-k8s' })
  t.match(picked.body.item.flow, { step: 'password' })
  const signedIn = await browser.step('password', { password: MULTI_ENV_ACCOUNT.password })
  t.equal(signedIn.body.retCode, '000000', signedIn.body.retMsg)
  t.ok(await isSignedIn(app, browser.cookie))
})

t.test('another session, or out of order › refused without an upstream call', async (t) => {
  const owner = new Browser()
  await owner.step('email', { email: DEMO_ACCOUNT.email })
  const stranger = new Browser()
  const before = await upstreamCalls()
  const password = await stranger.step('password', {
    password: DEMO_ACCOUNT.password,
    email: DEMO_ACCOUNT.email,
  })
  t.equal(password.body.retCode, '409', 'a session without the flow cannot post its password')
  t.equal((await stranger.step('code', { code: '123456' })).body.retCode, '409')
  t.equal((await stranger.step('resend')).body.retCode, '409')
  t.equal((await owner.step('code', { code: '123456' })).body.retCode, '409', 'nor the owner out of order')
  t.equal(await upstreamCalls(), before, 'nothing reached the upstream')
  t.notOk(await isSignedIn(app, stranger.cookie))
})

t.test('e-mailed code › the password stays on the server; resend refused until its time', async (t) => {
  const browser = new Browser()
  const email = await browser.step('email', { email: EMAIL_CODE_ACCOUNT.email })
  t.match(email.body.item.flow, { step: 'password', emailCodeRequired: true })
  const sent = await browser.step('password', { password: EMAIL_CODE_ACCOUNT.password })
  t.equal(sent.body.retCode, '000000', sent.body.retMsg)
  t.match(sent.body.item.flow, { step: 'code' })
  t.ok(sent.body.item.flow.resendAt > Date.now(), 'when a new code may be asked for')
  t.notMatch(sent.raw, EMAIL_CODE_ACCOUNT.password, 'the password never comes back')
  const codesBefore = (await loginCodes(EMAIL_CODE_ACCOUNT.email)).length
  const early = await browser.step('resend')
  t.equal(early.body.retCode, '700631', 'too soon')
  t.match(early.body.retMsg, /You can ask for a new code at \d\d:\d\d UTC/, 'and when, in words')
  t.equal((await loginCodes(EMAIL_CODE_ACCOUNT.email)).length, codesBefore, 'no new code went out')
  const wrong = await browser.step('code', { code: '000000' })
  t.equal(wrong.body.retCode, '700203', 'a wrong code is the upstream’s answer')
  const code = (await loginCodes(EMAIL_CODE_ACCOUNT.email)).at(-1)?.code ?? ''
  const signedIn = await browser.step('code', { code })
  t.equal(signedIn.body.retCode, '000000', signedIn.body.retMsg)
  t.ok(await isSignedIn(app, browser.cookie))
})

t.test('back › forgets the flow', async (t) => {
  const browser = new Browser()
  await browser.step('email', { email: DEMO_ACCOUNT.email })
  const back = await browser.step('back')
  t.match(back.body.item.flow, { step: 'email', email: DEMO_ACCOUNT.email })
  t.equal((await browser.step('password', { password: DEMO_ACCOUNT.password })).body.retCode, '409')
})

t.test('the steps are for our pages’ fetch calls only', async (t) => {
  const browser = new Browser()
  const crossSite = await browser.step(
    'email',
    { email: DEMO_ACCOUNT.email },
    { 'sec-fetch-site': 'cross-site' },
  )
  t.equal(crossSite.status, 403)
  const headerless = await browser.step(
    'email',
    { email: DEMO_ACCOUNT.email },
    { 'sec-fetch-site': 'same-origin' },
  )
  t.equal(headerless.status, 403, 'without the custom header')
})
