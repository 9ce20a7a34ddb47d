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
import type { OutboxMessage } from '../../../sandbox/outbox.ts'
import { build, cookieHeader, SAME_ORIGIN, sandboxRequests, sessionCookieOf } from '../../helper.ts'

// Many sign-ins and codes from one test client: the per-IP limits have their own tests.
const { app, sandbox } = await build(t, {
  env: { RATE_LIMIT_SIGN_IN: '10000/1m', RATE_LIMIT_CODE: '10000/1m' },
})
const sg = sandbox.regions.sg.url

t.beforeEach(async () => {
  await fetch(`${sg}/__sandbox/reset`, { method: 'POST' })
})

async function post(
  path: string,
  payload: Record<string, string>,
  options: { language?: 'en' | 'zh'; cookie?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/basic-login/${path}`,
    headers: { ...SAME_ORIGIN, 'accept-language': options.language ?? 'en', ...cookieHeader(options.cookie) },
    payload,
  })
  return { status: response.statusCode, body: response.json(), cookie: sessionCookieOf(response) }
}

async function advanceClock(ms: number) {
  await fetch(`${sg}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  })
}

async function loginCodes(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${sg}/__sandbox/outbox.json?to=${encodeURIComponent(to)}&kind=login-code`)
  return ((await response.json()) as { messages: OutboxMessage[] }).messages
}

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
const withCode = (code: string) => post('account/consoleLogin', { email, password, code })

t.test('loginEmailCheck tells when the account needs an e-mailed code', async (t) => {
  t.match((await post('loginEmailCheck/4', { email })).body, { item: { emailCodeRequired: true } })
  t.match((await post('loginEmailCheck/4', { email: DEMO_ACCOUNT.email })).body, {
    item: { emailCodeRequired: false },
  })
})

t.test(
  'sendVerifyCode › the BFF makes the GET with the base64 password; a code reaches the outbox',
  async (t) => {
    const wrong = await post('account/sendVerifyCode', { email, password: 'Wrong-Pass1' })
    t.match(wrong.body, { retCode: '700211' }, 'a wrong password sends nothing')
    t.same(await loginCodes(email), [])

    const sent = await post('account/sendVerifyCode', { email, password })
    t.match(sent, {
      status: 200,
      body: { retCode: '000000', item: { expiresInSeconds: 300, resendAfterSeconds: 60 } },
    })
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
  'consoleLogin with the code › 700203 missing or wrong (localised), then the right code signs in once',
  async (t) => {
    t.match(
      (await post('serviceLoginNew/4', { email, password })).body,
      { retCode: '700203' },
      'no way around the code',
    )
    await post('account/sendVerifyCode', { email, password })
    const code = (await loginCodes(email)).at(-1)?.code ?? ''
    t.match((await post('account/consoleLogin', { email, password })).body, { retCode: '700203' })
    const wrongCode = code === '000000' ? '111111' : '000000'
    const wrong = await post('account/consoleLogin', { email, password, code: wrongCode }, { language: 'zh' })
    t.match(wrong, { body: { retCode: '700203', retMsg: /验证码错误/ } })
    t.notOk(await signedIn(wrong.cookie))
    const right = await withCode(code)
    t.match(right.body, { retCode: '000000' })
    t.ok(await signedIn(right.cookie), 'signed in')
    t.match((await withCode(code)).body, { retCode: '700125' }, 'a code signs in once')
  },
)

t.test('the BFF refuses a code that is not six digits before the upstream hears of it', async (t) => {
  const answer = await post('account/consoleLogin', { email, password, code: '12345' })
  t.match(answer, { status: 400, body: { item: { field: 'code' } } })
})

t.test('a code expires after 5 minutes on the sandbox clock (700125)', async (t) => {
  await post('account/sendVerifyCode', { email, password })
  const code = (await loginCodes(email)).at(-1)?.code ?? ''
  await advanceClock(5 * 60_000 + 1000)
  t.match((await withCode(code)).body, { retCode: '700125', retMsg: /expired/ })
})

t.test(
  'sendEmailRandomCode › 700631 within the minute, then a new code that replaces the old one',
  async (t) => {
    t.match(
      (await post('sendEmailRandomCode/4', { email })).body,
      { retCode: '700125' },
      'no code without the password first',
    )
    await post('account/sendVerifyCode', { email, password })
    const first = (await loginCodes(email)).at(-1)?.code ?? ''
    t.match((await post('sendEmailRandomCode/4', { email }, { language: 'zh' })).body, {
      retCode: '700631',
      retMsg: /一分钟/,
    })
    await advanceClock(60_000)
    t.match((await post('sendEmailRandomCode/4', { email })).body, {
      retCode: '000000',
      item: { resendAfterSeconds: 60 },
    })
    const codes = await loginCodes(email)
    t.equal(codes.length, 2)
    const second = codes.at(-1)?.code ?? ''
    if (first !== second) t.match((await withCode(first)).body, { retCode: '700203' }, 'the old code is void')
    t.match((await withCode(second)).body, { retCode: '000000' })
  },
)

t.test(
  'products › an agent opens the agent (09), others the console (02); the URL is the environment console',
  async (t) => {
    const agent = await post('account/consoleLogin', {
      email: AGENT_ACCOUNT.email,
      password: AGENT_ACCOUNT.password,
    })
    t.match(agent.body, { retCode: '000000', item: { productCode: '09', appType: 'console' } })
    t.match(agent.body.item.consoleUrl, new RegExp(`^${sg}/__sandbox/console\\?ticket=.+&product=09`))
    const demo = await post('account/consoleLogin', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      appType: 'appConsole',
    })
    t.match(demo.body, { retCode: '000000', item: { productCode: '02', appType: 'appConsole' } })
    const page = await (await fetch(demo.body.item.consoleUrl)).text()
    t.match(page, /console \(02\).*appConsole/s, 'the console stand-in opens the product and app type')
    const notAgents = await post('account/consoleLogin', {
      email: AGENT_ACCOUNT.email,
      password: AGENT_ACCOUNT.password,
      productCode: '02',
    })
    t.match(notAgents, { body: { retCode: '700702' } }, 'the console was not activated for the agent')
    t.notOk(await signedIn(notAgents.cookie))
  },
)

t.test('several environments › the console URL is the chosen environment’s region', async (t) => {
  const listed = await app.inject({
    method: 'POST',
    url: '/api/basic-login/getAllEnvDomain',
    headers: SAME_ORIGIN,
    payload: { email: MULTI_ENV_ACCOUNT.email },
  })
  let cookie = sessionCookieOf(listed)
  const chosen = await app.inject({
    method: 'POST',
    url: '/auth/environment',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
    payload: { environment: 'us-k8s' },
  })
  cookie = sessionCookieOf(chosen) ?? cookie
  const login = await post(
    'account/consoleLogin',
    { email: MULTI_ENV_ACCOUNT.email, password: MULTI_ENV_ACCOUNT.password },
    { cookie },
  )
  t.match(login.body, { retCode: '000000' })
  t.ok(String(login.body.item.consoleUrl).startsWith(`${sandbox.regions.us.url}/__sandbox/console?`))
})

t.test('notices › 700702 not activated and 700703 restricted start no session', async (t) => {
  const inactive = await post('account/consoleLogin', {
    email: NOT_ACTIVATED_ACCOUNT.email,
    password: NOT_ACTIVATED_ACCOUNT.password,
  })
  t.match(inactive, { status: 200, body: { retCode: '700702' } })
  t.notOk(await signedIn(inactive.cookie))
  const restricted = await post(
    'account/consoleLogin',
    { email: RESTRICTED_ACCOUNT.email, password: RESTRICTED_ACCOUNT.password },
    { language: 'zh' },
  )
  t.match(restricted, { status: 200, body: { retCode: '700703' } })
  t.notOk(await signedIn(restricted.cookie))
  const wrong = await post('account/consoleLogin', {
    email: RESTRICTED_ACCOUNT.email,
    password: 'Wrong-Pass1',
  })
  t.match(wrong.body, { retCode: '700211' }, 'the notice only after the right password')
})

t.test('password age › due after 3 months on the sandbox clock', async (t) => {
  const old = await post('account/consoleLogin', {
    email: OLD_PASSWORD_ACCOUNT.email,
    password: OLD_PASSWORD_ACCOUNT.password,
  })
  t.match(old.body, { retCode: '000000', item: { passwordChangeDue: true } })
  const fresh = await post('account/consoleLogin', {
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  })
  t.match(fresh.body, { item: { passwordChangeDue: false } })
  await advanceClock(91 * 24 * 60 * 60_000)
  const later = await post('account/consoleLogin', {
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  })
  t.match(later.body, { item: { passwordChangeDue: true } })
})
