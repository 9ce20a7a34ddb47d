/**
 * The sandbox's sign-in rules as the sign-in flow's steps meet them (the sign-in's rows are
 * flow-only: docs/flows/sign-in.md): codes, products, consoles, notices, password age.
 */
import t from 'tap'
import {
  AGENT_ACCOUNT,
  DEMO_ACCOUNT,
  EMAIL_CODE_ACCOUNT,
  MULTI_ENV_ACCOUNT,
  NOT_ACTIVATED_ACCOUNT,
  OLD_PASSWORD_ACCOUNT,
  RESTRICTED_ACCOUNT,
} from '../../../sandbox/fixtures.ts'
import {
  buildForFile,
  cookieHeader,
  SAME_ORIGIN,
  type SignInStepName,
  sandboxRequests,
  signInStep,
} from '../../helper.ts'
import { outbox } from '../../support/outbox.ts'

const { app, sandbox, sg } = await buildForFile(t)

/** One browser running the sign-in flow's steps; its cookie follows every answer. */
class Visitor {
  cookie: string | undefined
  async step(name: SignInStepName, payload: Record<string, string> = {}, language: 'en' | 'zh' = 'en') {
    const { response, cookie } = await signInStep(app, name, payload, {
      cookie: this.cookie,
      headers: { 'accept-language': language },
    })
    this.cookie = cookie
    return { status: response.statusCode, body: response.json(), cookie }
  }
}

/** A new browser that gave the account's address, then the password (and what else is given). */
async function signInWith(
  account: { email: string; password: string },
  extra: Record<string, string> = {},
  language: 'en' | 'zh' = 'en',
) {
  const visitor = new Visitor()
  const started = await visitor.step('email', { email: account.email }, language)
  if (started.body.retCode !== '000000') throw new Error(`e-mail step: ${JSON.stringify(started.body)}`)
  return visitor.step('password', { password: account.password, ...extra }, language)
}

async function advanceClock(ms: number) {
  await fetch(`${sg}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  })
}

const loginCodes = (to: string) => outbox(sg, to, 'login-code')

/** Whether a cookie carries a signed-in session: a session-only endpoint answers 401 otherwise. */
async function signedIn(cookie: string | undefined): Promise<boolean> {
  if (!cookie) return false
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokens/getToken',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
    payload: {},
  })
  return response.statusCode !== 401
}

const { email, password } = EMAIL_CODE_ACCOUNT
/** A browser at the code step: the password was taken and a code sent. */
async function atCodeStep() {
  const visitor = new Visitor()
  await visitor.step('email', { email })
  const sent = await visitor.step('password', { password })
  if (sent.body.item.flow?.step !== 'code') throw new Error(`password step: ${JSON.stringify(sent.body)}`)
  return visitor
}

t.test('the e-mail step tells when the account needs an e-mailed code', async (t) => {
  t.match((await new Visitor().step('email', { email })).body, {
    item: { flow: { emailCodeRequired: true } },
  })
  t.match((await new Visitor().step('email', { email: DEMO_ACCOUNT.email })).body, {
    item: { flow: { emailCodeRequired: false } },
  })
})

t.test(
  'sendVerifyCode › the BFF makes the GET with the base64 password; a code reaches the outbox',
  async (t) => {
    const visitor = new Visitor()
    await visitor.step('email', { email })
    const wrong = await visitor.step('password', { password: 'Wrong-Pass1' })
    t.match(wrong.body, { retCode: '700211' }, 'a wrong password sends nothing')
    t.same(await loginCodes(email), [])

    const sent = await visitor.step('password', { password })
    t.match(sent, {
      status: 200,
      body: { retCode: '000000', item: { resendAfterSeconds: 60, flow: { step: 'code' } } },
    })
    t.notMatch(JSON.stringify(sent.body), password, 'the password is never in an answer')
    t.notOk(await signedIn(sent.cookie), 'no session before the code')
    const [message] = await loginCodes(email)
    t.match(message?.code, /^\d{6}$/)
    const upstream = (await sandboxRequests(sg)).filter((entry) => entry.url.includes('sendVerifyCode'))
    t.ok(upstream.length > 0)
    t.ok(
      upstream.every((entry) => entry.method === 'GET'),
      'the upstream call is a GET',
    )
    t.notOk(
      upstream.some(
        (entry) => entry.url.includes(encodeURIComponent(password)) || entry.url.includes(password),
      ),
      'the plain password never stands in the upstream URL',
    )
  },
)

t.test(
  'the code step › only after the password; a wrong code 700203 (localised), the right one signs in once',
  async (t) => {
    const early = new Visitor()
    await early.step('email', { email })
    t.equal((await early.step('code', { code: '123456' })).body.retCode, '409', 'no way around the password')
    const visitor = await atCodeStep()
    const code = (await loginCodes(email)).at(-1)?.code ?? ''
    const wrongCode = code === '000000' ? '111111' : '000000'
    const wrong = await visitor.step('code', { code: wrongCode }, 'zh')
    t.match(wrong, { body: { retCode: '700203', retMsg: /验证码错误/ } })
    t.notOk(await signedIn(wrong.cookie))
    const right = await visitor.step('code', { code })
    t.match(right.body, { retCode: '000000' })
    t.ok(await signedIn(right.cookie), 'signed in')
    t.equal(
      (await visitor.step('code', { code })).body.retCode,
      '409',
      'the flow is over: a code signs in once',
    )
  },
)

t.test('the BFF refuses a code that is not six digits before the upstream hears of it', async (t) => {
  const visitor = await atCodeStep()
  const before = (await sandboxRequests(sg)).length
  const answer = await visitor.step('code', { code: '12345' })
  t.match(answer, { status: 400, body: { item: { field: 'code' } } })
  t.equal((await sandboxRequests(sg)).length, before, 'nothing went upstream')
})

t.test('a code expires after 5 minutes on the sandbox clock (700125)', async (t) => {
  const visitor = await atCodeStep()
  const code = (await loginCodes(email)).at(-1)?.code ?? ''
  await advanceClock(5 * 60_000 + 1000)
  t.match((await visitor.step('code', { code })).body, { retCode: '700125', retMsg: /expired/ })
})

t.test(
  'resend (sendEmailRandomCode) › 700631 within the minute, then a new code that replaces the old one',
  async (t) => {
    const early = new Visitor()
    await early.step('email', { email })
    t.equal((await early.step('resend')).body.retCode, '409', 'no code without the password first')
    const visitor = await atCodeStep()
    const first = (await loginCodes(email)).at(-1)?.code ?? ''
    t.match((await visitor.step('resend', {}, 'zh')).body, {
      retCode: '700631',
      retMsg: /重新获取验证码/,
    })
    await advanceClock(60_000)
    t.match((await visitor.step('resend')).body, {
      retCode: '000000',
      item: { resendAfterSeconds: 60 },
    })
    const codes = await loginCodes(email)
    t.equal(codes.length, 2)
    const second = codes.at(-1)?.code ?? ''
    if (first !== second)
      t.match(
        (await visitor.step('code', { code: first })).body,
        { retCode: '700203' },
        'the old code is void',
      )
    t.match((await visitor.step('code', { code: second })).body, { retCode: '000000' })
  },
)

t.test(
  'products › an agent opens the agent (09), others the console (02); the URL is the environment console',
  async (t) => {
    const agent = await signInWith(AGENT_ACCOUNT)
    t.match(agent.body, { retCode: '000000', item: { productCode: '09', appType: 'console' } })
    t.match(agent.body.item.consoleUrl, new RegExp(`^${sg}/__sandbox/console\\?ticket=.+&product=09`))
    const demo = await signInWith(DEMO_ACCOUNT, { appType: 'appConsole' })
    t.match(demo.body, { retCode: '000000', item: { productCode: '02', appType: 'appConsole' } })
    const page = await (await fetch(demo.body.item.consoleUrl)).text()
    t.match(page, /console \(02\).*appConsole/s, 'the console stand-in opens the product and app type')
    const notAgents = await signInWith(AGENT_ACCOUNT, { productCode: '02' })
    t.match(notAgents, { body: { retCode: '700702' } }, 'the console was not activated for the agent')
    t.notOk(await signedIn(notAgents.cookie))
  },
)

t.test('several environments › the console URL is the chosen environment’s region', async (t) => {
  const visitor = new Visitor()
  t.match((await visitor.step('email', { email: MULTI_ENV_ACCOUNT.email })).body, {
    item: { flow: { step: 'environment' } },
  })
  t.match((await visitor.step('environment', { environment: 'us-k8s' })).body, { retCode: '000000' })
  const login = await visitor.step('password', { password: MULTI_ENV_ACCOUNT.password })
  t.match(login.body, { retCode: '000000' })
  t.ok(String(login.body.item.consoleUrl).startsWith(`${sandbox.regions.us.url}/__sandbox/console?`))
})

t.test('notices › 700702 not activated and 700703 restricted start no session', async (t) => {
  const inactive = await signInWith(NOT_ACTIVATED_ACCOUNT)
  t.match(inactive, { status: 200, body: { retCode: '700702' } })
  t.notOk(await signedIn(inactive.cookie))
  const restricted = await signInWith(RESTRICTED_ACCOUNT, {}, 'zh')
  t.match(restricted, { status: 200, body: { retCode: '700703' } })
  t.notOk(await signedIn(restricted.cookie))
  const wrong = await signInWith({ email: RESTRICTED_ACCOUNT.email, password: 'Wrong-Pass1' })
  t.match(wrong.body, { retCode: '700211' }, 'the notice only after the right password')
})

t.test('password age › due after 3 months on the sandbox clock', async (t) => {
  const old = await signInWith(OLD_PASSWORD_ACCOUNT)
  t.match(old.body, { retCode: '000000', item: { passwordChangeDue: true } })
  const fresh = await signInWith(DEMO_ACCOUNT)
  t.match(fresh.body, { item: { passwordChangeDue: false } })
  await advanceClock(91 * 24 * 60 * 60_000)
  const later = await signInWith(DEMO_ACCOUNT)
  t.match(later.body, { item: { passwordChangeDue: true } })
})
