import t from 'tap'
import {
  DEMO_ACCOUNT,
  HK_ACCOUNT,
  LOCKOUT_ACCOUNT,
  MULTI_ENV_ACCOUNT,
  TEN_ACCOUNT,
  TOKEN_TTL_SECONDS,
  US_ACCOUNT,
} from '../../sandbox/index.ts'
import { outbox } from '../support/outbox.ts'
import { admin, call, manualClock, sandboxFor, signIn, upstream } from './helpers.ts'

const clock = manualClock()
const sandbox = await sandboxFor(t, { now: clock.now })
const sg = sandbox.regions.sg.url
const us = sandbox.regions.us.url

t.beforeEach(async () => {
  await admin(sg, 'POST', '/reset')
})

t.test('loginEmailCheck › one code per case, form or JSON bodies', async (t) => {
  const path = '/basic-login/loginEmailCheck/4'
  t.equal((await upstream(t, sg, path, {})).retCode, '700077', 'no email')
  t.equal((await upstream(t, sg, path, { email: '   ' })).retCode, '700077', 'blank email')
  t.equal((await upstream(t, sg, path, { email: 'not-an-email' })).retCode, '700078', 'malformed')
  t.equal((await upstream(t, sg, path, { email: 'a@b' })).retCode, '700078', 'no dot in the domain')
  t.equal((await upstream(t, sg, path, { email: 'nobody@sandbox.test' })).retCode, '700014', 'unknown')

  const found = await upstream(t, sg, path, { email: ' Demo@Sandbox.TEST ' })
  t.equal(found.retCode, '000000')
  t.same(
    found.item,
    { email: DEMO_ACCOUNT.email, environments: ['sg-k8s'], emailCodeRequired: false },
    'e-mail is case-insensitive',
  )

  const json = await upstream(t, sg, path, { email: MULTI_ENV_ACCOUNT.email }, { json: true })
  t.same(json.item, {
    email: MULTI_ENV_ACCOUNT.email,
    environments: ['sg-k8s', 'us-k8s'],
    emailCodeRequired: false,
  })
  t.same(json.items, [])
})

t.test('retMsg follows the language header', async (t) => {
  const path = '/basic-login/loginEmailCheck/4'
  const en = await upstream(t, sg, path, { email: 'nobody@sandbox.test' }, { headers: { language: 'en' } })
  const zh = await upstream(t, sg, path, { email: 'nobody@sandbox.test' }, { headers: { language: 'zh' } })
  const none = await upstream(t, sg, path, { email: 'nobody@sandbox.test' })
  t.match(en.retMsg, /does not exist/)
  t.match(zh.retMsg, /账号不存在/)
  t.equal(none.retMsg, en.retMsg, 'English by default')
})

t.test('serviceLoginNew › validation, unknown account, wrong password, success', async (t) => {
  const path = '/basic-login/serviceLoginNew/4'
  t.equal((await upstream(t, sg, path, { password: 'x' })).retCode, '700004', 'account empty')
  t.equal((await upstream(t, sg, path, { email: DEMO_ACCOUNT.email })).retCode, '700009', 'password empty')
  t.equal((await upstream(t, sg, path, { email: 'demo', password: 'x' })).retCode, '700201', 'account format')
  t.equal((await upstream(t, sg, path, { email: 'who@sandbox.test', password: 'x' })).retCode, '700014')

  const wrong = await upstream(t, sg, path, { email: DEMO_ACCOUNT.email, password: 'Wrong-Pass1' })
  t.equal(wrong.retCode, '700211')
  t.same(wrong.item, { wrongTimes: 1 })
  const padded = await upstream(t, sg, path, {
    email: DEMO_ACCOUNT.email,
    password: ` ${DEMO_ACCOUNT.password}`,
  })
  t.equal(padded.retCode, '700211', 'passwords are not trimmed')

  const ok = await upstream(t, sg, path, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })
  t.equal(ok.retCode, '000000')
  t.match(ok.item, { token: /^sbx_[\w-]{20,}$/, email: DEMO_ACCOUNT.email, expiresIn: TOKEN_TTL_SECONDS })
  const again = await upstream(t, sg, path, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })
  t.not(again.item.token, ok.item.token, 'every sign-in gets its own token')

  const counter = await upstream(t, sg, '/basic-login/getServiceLoginWrongTimes/4', {
    email: DEMO_ACCOUNT.email,
  })
  t.same(counter.item, { wrongTimes: 0 }, 'a successful sign-in resets the counter')
})

t.test('serviceLoginNew › an account signs in only in a region it lives in', async (t) => {
  const path = '/basic-login/serviceLoginNew/4'
  const cases = [
    { account: DEMO_ACCOUNT, home: 'sg', away: 'us' },
    { account: US_ACCOUNT, home: 'us', away: 'sg' },
    { account: HK_ACCOUNT, home: 'hk', away: 'ten' },
    { account: TEN_ACCOUNT, home: 'ten', away: 'hk' },
  ] as const
  const answers: Record<string, string> = {}
  const expected: Record<string, string> = {}
  const signInOn = async (
    account: { email: string; password: string },
    region: keyof typeof sandbox.regions,
  ) =>
    (
      await upstream(t, sandbox.regions[region].url, path, {
        email: account.email,
        password: account.password,
      })
    ).retCode
  for (const { account, home, away } of cases) {
    answers[`${account.email} on ${home}`] = await signInOn(account, home)
    expected[`${account.email} on ${home}`] = '000000'
    answers[`${account.email} on ${away}`] = await signInOn(account, away)
    expected[`${account.email} on ${away}`] = '700014'
  }
  for (const region of ['sg', 'us'] as const) {
    answers[`${MULTI_ENV_ACCOUNT.email} on ${region}`] = await signInOn(MULTI_ENV_ACCOUNT, region)
    expected[`${MULTI_ENV_ACCOUNT.email} on ${region}`] = '000000'
  }
  t.same(
    answers,
    expected,
    'home regions sign in (a multi-environment account in each), others answer 700014',
  )
})

t.test('lockout › 5 wrong passwords in 15 minutes lock for 15 minutes', async (t) => {
  const path = '/basic-login/serviceLoginNew/4'
  const wrong = { email: LOCKOUT_ACCOUNT.email, password: 'Wrong-Pass1' }
  const right = { email: LOCKOUT_ACCOUNT.email, password: LOCKOUT_ACCOUNT.password }
  const times = async () =>
    (await upstream(t, sg, '/basic-login/getServiceLoginWrongTimes/4', { email: LOCKOUT_ACCOUNT.email })).item

  const attempts = []
  for (let attempt = 1; attempt <= 4; attempt++) {
    const answer = await upstream(t, sg, path, wrong)
    attempts.push({ retCode: answer.retCode, ...(await times()) })
    clock.advance(60_000)
  }
  t.same(
    attempts,
    [1, 2, 3, 4].map((wrongTimes) => ({ retCode: '700211', wrongTimes })),
    'four wrong passwords a minute apart: refused and counted, not locked',
  )
  const fifth = await upstream(t, sg, path, wrong, { headers: { language: 'en' } })
  t.equal(fifth.retCode, '700123', 'the fifth wrong password locks')
  t.match(fifth.retMsg, /try again in 15 minute/)
  t.match(fifth.item, { retryAfterSeconds: 900, lockedUntil: new Date(clock.now() + 900_000).toISOString() })

  clock.advance(5 * 60_000)
  const locked = await upstream(t, sg, path, right, { headers: { language: 'zh' } })
  t.equal(locked.retCode, '700123', 'the right password is refused while locked')
  t.match(locked.retMsg, /10 分钟后重试/, 'retMsg says when, in Chinese too')
  t.same(await times(), { wrongTimes: 5 })

  clock.advance(10 * 60_000 - 1)
  t.equal((await upstream(t, sg, path, right)).retCode, '700123', 'still locked one ms before the end')
  clock.advance(1)
  t.same(await times(), { wrongTimes: 0 }, 'the counter starts again after the lock')
  t.equal((await upstream(t, sg, path, right)).retCode, '000000', 'unlocked after 15 minutes')
})

t.test('lockout › wrong passwords older than 15 minutes do not count', async (t) => {
  const path = '/basic-login/serviceLoginNew/4'
  const wrong = { email: LOCKOUT_ACCOUNT.email, password: 'Wrong-Pass1' }
  for (let attempt = 0; attempt < 4; attempt++) await upstream(t, sg, path, wrong)
  clock.advance(15 * 60_000)
  const answer = await upstream(t, sg, path, wrong)
  t.equal(answer.retCode, '700211', 'the window slid: not locked')
  t.same(answer.item, { wrongTimes: 1 })
})

t.test('getServiceLoginWrongTimes › validation and unknown accounts', async (t) => {
  const path = '/basic-login/getServiceLoginWrongTimes/4'
  t.equal((await upstream(t, sg, path, {})).retCode, '700077')
  t.equal((await upstream(t, sg, path, { email: 'x@' })).retCode, '700078')
  t.equal((await upstream(t, sg, path, { email: 'who@sandbox.test' })).retCode, '700014')
  t.same((await upstream(t, sg, path, { email: US_ACCOUNT.email })).item, { wrongTimes: 0 })
})

t.test('getAllEnvDomain › every environment of the account with its host', async (t) => {
  const path = '/basic-login/getAllEnvDomain'
  const multi = await upstream(t, us, path, { email: MULTI_ENV_ACCOUNT.email })
  t.equal(multi.retCode, '000000')
  t.same(multi.items, [
    { host: new URL(sandbox.environments['sg-k8s'].url).host, env: 'sg-k8s' },
    { host: new URL(sandbox.environments['us-k8s'].url).host, env: 'us-k8s' },
  ])
  const single = await upstream(t, sg, path, { email: TEN_ACCOUNT.email })
  t.same(single.items, [{ host: new URL(sandbox.environments.ten.url).host, env: 'ten' }])
  t.equal((await upstream(t, sg, path, {})).retCode, '700077')
  t.equal((await upstream(t, sg, path, { email: 'bad' })).retCode, '700078')
  t.equal((await upstream(t, sg, path, { email: 'who@sandbox.test' })).retCode, '700014')
})

t.test('tokens › consoleLogin and getToken accept a token only in its own region', async (t) => {
  const sgToken = await signIn(t, sg, MULTI_ENV_ACCOUNT)
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

  const console = await upstream(t, sg, '/basic-login/account/consoleLogin', {}, bearer(sgToken))
  t.equal(console.retCode, '000000')
  const consoleUrl = new URL(String(console.item.consoleUrl))
  t.equal(consoleUrl.origin, new URL(sg).origin, 'the console URL points at the sandbox')
  const page = await fetch(consoleUrl)
  t.equal(page.status, 200)
  t.match(await page.text(), /Signed in as <b>multi@sandbox\.test<\/b> in <b>sg-k8s<\/b>/)

  const exchanged = await upstream(t, sg, '/tokens/getToken', {}, bearer(sgToken))
  t.equal(exchanged.retCode, '000000')
  t.match(exchanged.item, { token: /^sbx_/ })
  t.not(exchanged.item.token, sgToken)
  const withFresh = await upstream(
    t,
    sg,
    '/basic-login/account/consoleLogin',
    {},
    bearer(String(exchanged.item.token)),
  )
  t.equal(withFresh.retCode, '000000', 'the exchanged token works')

  // The same account lives in us-k8s, but the sg token means nothing to the us server.
  t.equal((await upstream(t, us, '/basic-login/account/consoleLogin', {}, bearer(sgToken))).retCode, '999999')
  t.equal((await upstream(t, us, '/tokens/getToken', {}, bearer(sgToken))).retCode, '999999')
  const usToken = await signIn(t, us, MULTI_ENV_ACCOUNT)
  t.equal((await upstream(t, us, '/tokens/getToken', {}, bearer(usToken))).retCode, '000000')
  t.equal((await upstream(t, sg, '/tokens/getToken', {}, bearer(usToken))).retCode, '999999')

  t.equal((await upstream(t, sg, '/tokens/getToken', {})).retCode, '999999', 'no header')
  t.equal((await upstream(t, sg, '/tokens/getToken', {}, bearer('sbx_forged'))).retCode, '999999', 'forged')
  const basic = { headers: { authorization: `Basic ${sgToken}` } }
  t.equal((await upstream(t, sg, '/tokens/getToken', {}, basic)).retCode, '999999', 'not Bearer')
  const zh = await upstream(t, sg, '/tokens/getToken', {}, { headers: { language: 'zh' } })
  t.match(zh.retMsg, /登录已失效/)
})

t.test('tokens › expire after expiresIn and on reset', async (t) => {
  const token = await signIn(t, sg, DEMO_ACCOUNT)
  const bearer = { headers: { authorization: `Bearer ${token}` } }
  clock.advance(TOKEN_TTL_SECONDS * 1000 - 1)
  t.equal((await upstream(t, sg, '/tokens/getToken', {}, bearer)).retCode, '000000')
  clock.advance(1)
  t.equal((await upstream(t, sg, '/tokens/getToken', {}, bearer)).retCode, '999999', 'expired')

  const another = await signIn(t, sg, DEMO_ACCOUNT)
  await admin(sg, 'POST', '/reset')
  const after = { headers: { authorization: `Bearer ${another}` } }
  t.equal((await upstream(t, sg, '/tokens/getToken', {}, after)).retCode, '999999', 'reset forgets tokens')
})

t.test('console tickets › unknown or expired tickets are refused', async (t) => {
  const token = await signIn(t, sg, DEMO_ACCOUNT)
  const answer = await upstream(
    t,
    sg,
    '/basic-login/account/consoleLogin',
    {},
    {
      headers: { authorization: `Bearer ${token}` },
    },
  )
  const consoleUrl = String(answer.item.consoleUrl)
  t.equal((await fetch(`${sg}/__sandbox/console?ticket=sbxt_nope`)).status, 401)
  clock.advance(5 * 60_000)
  t.equal((await fetch(consoleUrl)).status, 401, 'tickets last 5 minutes')
})

t.test('the upstream methods are POST', async (t) => {
  const response = await call(sg, '/basic-login/loginEmailCheck/4?email=demo@sandbox.test', undefined, {
    method: 'GET',
  })
  t.equal(response.status, 404)
  t.match(await response.json(), { retCode: '999999' })
})

t.test('the login-code e-mail is in the language of the sign-in (issue 18 point 16)', async (t) => {
  const { EMAIL_CODE_ACCOUNT } = await import('../../sandbox/fixtures.ts')
  const password = Buffer.from(EMAIL_CODE_ACCOUNT.password).toString('base64')
  const query = `email=${encodeURIComponent(EMAIL_CODE_ACCOUNT.email)}&password=${encodeURIComponent(password)}`
  const messages = () => outbox(sg, EMAIL_CODE_ACCOUNT.email, 'login-code')
  for (const [language, subject, words] of [
    ['zh', '您的登录验证码', /^您的登录验证码是 \d{6}，5 分钟内有效。$/],
    ['en', 'Your sign-in code', /^Your sign-in code is \d{6}\. It is valid for 5 minutes\.$/],
  ] as const) {
    const sent = await call(sg, `/basic-login/account/sendVerifyCode?${query}`, undefined, {
      method: 'GET',
      headers: { language },
    })
    t.equal(sent.status, 200)
    const last = (await messages()).at(-1)
    t.equal(last?.subject, subject, `${language}: subject`)
    t.match(last?.text, words, `${language}: text`)
    clock.advance(61_000)
  }
})
