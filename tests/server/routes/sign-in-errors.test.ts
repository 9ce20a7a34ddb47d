import t from 'tap'
import {
  CAPTCHA_ACCOUNT,
  DEMO_ACCOUNT,
  LOCKOUT_ACCOUNT,
  SSO_MICROSOFT_ACCOUNT,
  UNAVAILABLE_ACCOUNT,
  US_ACCOUNT,
} from '../../../sandbox/fixtures.ts'
import { buildForFile, SAME_ORIGIN, sessionCookieOf, signInStep } from '../../helper.ts'
import { solvedCaptchaPass } from '../../support/captcha.ts'

const { app, sg } = await buildForFile(t)

/** A page-row call through /api (the captcha's rows). */
async function post(path: string, payload: Record<string, string>, language: 'en' | 'zh' = 'en') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/basic-login/${path}`,
    headers: { ...SAME_ORIGIN, 'accept-language': language },
    payload,
  })
  return { status: response.statusCode, body: response.json(), cookie: sessionCookieOf(response) }
}

/**
 * A new browser's password sign-in through the flow's steps (the sign-in's rows are flow-only):
 * the e-mail step's answer when it refuses, else the password step's.
 */
async function signIn({ email, password, ...extra }: Record<string, string>, language: 'en' | 'zh' = 'en') {
  const headers = { 'accept-language': language }
  const started = await signInStep(app, 'email', { email }, { headers })
  const answer = (response: typeof started.response) => ({
    status: response.statusCode,
    body: response.json(),
    cookie: sessionCookieOf(response),
    flow: response.json().item?.flow,
  })
  if (started.response.json().retCode !== '000000') return answer(started.response)
  const done = await signInStep(app, 'password', { password, ...extra }, { cookie: started.cookie, headers })
  return answer(done.response)
}

t.test(
  'empty or malformed input is refused by the BFF, naming the field (700004/700009/700201 upstream)',
  async (t) => {
    const noEmail = await signIn({ email: '', password: 'x' })
    t.match(noEmail, { status: 400, body: { item: { field: 'email' } } })
    const noPassword = await signIn({ email: DEMO_ACCOUNT.email, password: '' })
    t.match(noPassword, { status: 400, body: { item: { field: 'password' } } })
    const malformed = await signIn({ email: 'not-an-email', password: 'x' })
    t.match(malformed, { status: 400, body: { item: { field: 'email' } } })
  },
)

t.test(
  'the upstream itself answers 700004, 700009, 700076 and 700201 for what the BFF lets pass',
  async (t) => {
    const call = async (path: string, body: Record<string, string>) =>
      (await (
        await fetch(`${sg}/basic-login/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body).toString(),
        })
      ).json()) as { retCode: string }
    t.equal((await call('serviceLoginNew/4', { email: '', password: 'x' })).retCode, '700004')
    t.equal((await call('serviceLoginNew/4', { email: DEMO_ACCOUNT.email, password: '' })).retCode, '700009')
    t.equal(
      (await call('account/consoleLogin', { email: DEMO_ACCOUNT.email, password: '' })).retCode,
      '700076',
    )
    t.equal((await call('serviceLoginNew/4', { email: 'a@b', password: 'x' })).retCode, '700201')
  },
)

t.test('700014 unknown account, localised; an account of another region signs in there', async (t) => {
  t.match(await signIn({ email: 'nobody@sandbox.test', password: 'x' }), { body: { retCode: '700014' } })
  t.match(await signIn({ email: 'nobody@sandbox.test', password: 'x' }, 'zh'), {
    body: { retCode: '700014', retMsg: /账号不存在/ },
  })
  // The e-mail step asks getAllEnvDomain where the account lives: the sign-in goes there.
  t.match(await signIn({ email: US_ACCOUNT.email, password: US_ACCOUNT.password }, 'zh'), {
    body: { retCode: '000000' },
  })
})

t.test('700023 unavailable account', async (t) => {
  const answer = await signIn({ email: UNAVAILABLE_ACCOUNT.email, password: UNAVAILABLE_ACCOUNT.password })
  t.match(answer, { body: { retCode: '700023', retMsg: /unavailable/ } })
})

t.test('700211 wrong password, then 700123 locked with the minutes to wait', async (t) => {
  const wrong = await signIn({ email: LOCKOUT_ACCOUNT.email, password: 'Wrong-Pass1' })
  t.match(wrong.body, { retCode: '700211', retMsg: /Incorrect account or password/ })
  let last = wrong
  for (let i = 0; i < 4; i++)
    last = await signIn({ email: LOCKOUT_ACCOUNT.email, password: 'Wrong-Pass1' }, 'zh')
  t.match(last.body, { retCode: '700123', retMsg: /15 分钟/ })
  const evenRight = await signIn({ email: LOCKOUT_ACCOUNT.email, password: LOCKOUT_ACCOUNT.password })
  t.match(evenRight.body, { retCode: '700123', retMsg: /try again in 15 minute/ })
})

t.test(
  'after 3 wrong passwords: 700112 without a captcha, 700169 with a bad one, sign-in with a solved one',
  async (t) => {
    for (let i = 0; i < 3; i++) await signIn({ email: CAPTCHA_ACCOUNT.email, password: 'Wrong-Pass1' })
    // getServiceLoginWrongTimes, asked at the e-mail step: the flow says a captcha is asked for.
    const asked = await signInStep(app, 'email', { email: CAPTCHA_ACCOUNT.email })
    t.match(asked.response.json(), { retCode: '000000', item: { flow: { captchaRequired: true } } })
    const good = { email: CAPTCHA_ACCOUNT.email, password: CAPTCHA_ACCOUNT.password }
    t.match((await signIn(good)).body, { retCode: '700112' })
    t.match((await signIn({ ...good, captchaPass: 'cpt_forged' }, 'zh')).body, {
      retCode: '700169',
      retMsg: '验证码错误',
    })
    const captchaPass = await solvedCaptchaPass((name, payload) => post(`${name}/4`, payload))
    const signedIn = await signIn({ ...good, captchaPass })
    t.match(signedIn, { status: 200, body: { retCode: '000000' } })
    t.ok(signedIn.cookie, 'the session starts')
  },
)

t.test('700625 password sign-in disabled for the Microsoft-only account', async (t) => {
  t.match(
    (await signIn({ email: SSO_MICROSOFT_ACCOUNT.email, password: SSO_MICROSOFT_ACCOUNT.password })).body,
    {
      retCode: '700625',
    },
  )
})

t.test(
  'the flow’s consoleLogin signs in with e-mail and password: agent (09) console URL, no token to the browser',
  async (t) => {
    const answer = await signIn({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      productCode: '09',
      appType: 'serviceConsole',
    })
    t.match(answer, {
      status: 200,
      body: { retCode: '000000', item: { productCode: '09', appType: 'serviceConsole' } },
    })
    t.match(
      (answer.body.item as { consoleUrl: string }).consoleUrl,
      /__sandbox\/console\?ticket=.+&product=09&appType=serviceConsole/,
    )
    t.notMatch(JSON.stringify(answer.body), /sbx_|"token"/)
    t.ok(answer.cookie, 'a signed-in session')
    const refused = await signIn({ email: DEMO_ACCOUNT.email, password: 'Wrong-Pass1' })
    t.match(refused.body, { retCode: '700211' })
  },
)
