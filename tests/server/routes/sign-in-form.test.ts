/**
 * Issue 21: each sign-in step posted as a plain form (JavaScript off) runs the same flow step and
 * is answered with the page: the next step, or the same one with the errors at their fields and
 * the address filled back (never the password). Same-site only; after the e-mail, the session's
 * form token too. Issue 21 point 3: the page cache keeps serving visitors, never a flow's step.
 */
import t from 'tap'
import {
  CAPTCHA_ACCOUNT,
  DEMO_ACCOUNT,
  EMAIL_CODE_ACCOUNT,
  MULTI_ENV_ACCOUNT,
  OLD_PASSWORD_ACCOUNT,
} from '../../../sandbox/fixtures.ts'
import enCaptcha from '../../../shared/i18n/locales/en/captcha.ts'
import enErrors from '../../../shared/i18n/locales/en/errors.ts'
import zhCaptcha from '../../../shared/i18n/locales/zh/captcha.ts'
import zhErrors from '../../../shared/i18n/locales/zh/errors.ts'
import { build, buildForFile, cookieHeader, isSignedIn, SAME_ORIGIN, sessionCookieOf } from '../../helper.ts'
import { lastCode } from '../../support/outbox.ts'

const SAME_SITE_FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
const hasPasswordField = (html: string) => html.includes('id="sign-in-password"')
/** The captcha question the page asks (`What is 3 plus 4?` / `3 加 4 等于多少？`) and its id. */
function questionOf(html: string): { challengeId: string; sum: string } | null {
  const challengeId = /name="captchaChallengeId" value="([^"]+)"/.exec(html)?.[1]
  const label = /<label for="sign-in-captcha-answer">([^<]+)<\/label>/.exec(html)?.[1]
  const [a, b] = label?.match(/\d+/g)?.map(Number) ?? []
  return challengeId && a !== undefined && b !== undefined ? { challengeId, sum: String(a + b) } : null
}
/** The captcha account asks for a captcha after 3 wrong passwords (sandbox/fixtures.ts). */
async function untilCaptcha(browser: PlainBrowser) {
  await browser.post({ step: 'email', email: CAPTCHA_ACCOUNT.email })
  for (let i = 0; i < 3; i++) await browser.post({ step: 'password', password: 'Wrong-Pass1' })
}

/** One browser posting the sign-in page's forms without JavaScript. */
class PlainBrowser {
  cookie: string | undefined
  html = ''
  private readonly app: Awaited<ReturnType<typeof build>>['app']
  private readonly query: string
  constructor(app: Awaited<ReturnType<typeof build>>['app'], query = '') {
    this.app = app
    this.query = query
  }
  async post(fields: Record<string, string>, headers: Record<string, string> = SAME_SITE_FORM) {
    const response = await this.app.inject({
      method: 'POST',
      url: `/auth/sign_in${this.query}`,
      headers: { ...headers, ...cookieHeader(this.cookie) },
      payload: form({ ...fields, ...(fields.step === 'email' ? {} : { _csrf: tokenOf(this.html) }) }),
    })
    this.cookie = sessionCookieOf(response) ?? this.cookie
    if (response.headers['content-type']?.toString().startsWith('text/html')) this.html = response.body
    return response
  }
  async get() {
    const response = await this.app.inject({
      url: `/auth/sign_in${this.query}`,
      headers: cookieHeader(this.cookie),
    })
    this.html = response.body
    return response
  }
}

t.test('POST /auth/sign_in', async (t) => {
  const { app, sandbox } = await buildForFile(t, { ssr: true, env: { RATE_LIMIT_RENDER: '10000/1m' } })

  t.test('demo account › e-mail, a wrong password at its field, then signed in (303)', async (t) => {
    const browser = new PlainBrowser(app, `?return=${encodeURIComponent('/auth/sign_in')}`)
    const email = await browser.post({ step: 'email', email: DEMO_ACCOUNT.email })
    t.equal(email.statusCode, 200, 'the page, not a bare answer')
    t.equal(email.headers['cache-control'], 'no-store')
    t.ok(hasPasswordField(email.body), 'the next step: the password')
    t.match(email.body, `value="${DEMO_ACCOUNT.email}"`, 'the address stays in its field')
    t.ok(tokenOf(email.body), 'with the session’s form token for the next post')
    t.match(email.body, /name="step" value="password"/)

    const wrong = await browser.post({ step: 'password', password: 'Wrong-Pass1' })
    t.equal(wrong.statusCode, 200)
    t.match(wrong.body, /data-testid="error-password"[^>]*>[^<]+</, 'the upstream’s message at the password')
    t.notMatch(wrong.body, 'Wrong-Pass1', 'the password is never filled back')
    t.match(wrong.body, `value="${DEMO_ACCOUNT.email}"`)

    const right = await browser.post({ step: 'password', password: DEMO_ACCOUNT.password })
    t.equal(right.statusCode, 303)
    t.equal(right.headers.location, '/auth/sign_in', 'to the return path')
    t.ok(await isSignedIn(app, browser.cookie))
    const card = await browser.get()
    t.match(card.body, /data-testid="signed-in"/, 'the signed-in card')
  })

  t.test('without the return path › on to the environment’s console', async (t) => {
    const browser = new PlainBrowser(app)
    await browser.post({ step: 'email', email: DEMO_ACCOUNT.email })
    const right = await browser.post({ step: 'password', password: DEMO_ACCOUNT.password })
    t.equal(right.statusCode, 303)
    t.match(right.headers.location, /\/__sandbox\/console\?ticket=/)
  })

  t.test('several environments › the picker, then the password', async (t) => {
    const browser = new PlainBrowser(app, '?language=zh')
    const email = await browser.post({ step: 'email', email: MULTI_ENV_ACCOUNT.email })
    t.match(
      email.body,
      /type="radio"[^>]*name="environment"[^>]*value="us-k8s"|name="environment"[^>]*type="radio"[^>]*value="us-k8s"|value="us-k8s"/,
    )
    t.notOk(hasPasswordField(email.body))
    const picked = await browser.post({ step: 'environment', environment: 'us-k8s' })
    t.ok(hasPasswordField(picked.body), 'the password after the pick')
    t.match(picked.body, /<html[^>]*lang="zh-CN"/, 'in the page’s language')
    const right = await browser.post({ step: 'password', password: MULTI_ENV_ACCOUNT.password })
    t.equal(right.statusCode, 303)
    t.ok(await isSignedIn(app, browser.cookie))
  })

  t.test('e-mailed code › the time of the next code in words; an early resend refused with it', async (t) => {
    const browser = new PlainBrowser(app)
    await browser.post({ step: 'email', email: EMAIL_CODE_ACCOUNT.email })
    const sent = await browser.post({ step: 'password', password: EMAIL_CODE_ACCOUNT.password })
    t.match(sent.body, /id="sign-in-code"/, 'the code field')
    t.match(sent.body, /aria-describedby="sign-in-code-hint"/, 'its hint read with it, as with scripts')
    t.match(sent.body, /data-testid="resend-at"[^>]*>You can ask for a new code at \d\d:\d\d UTC\.</)
    t.match(
      sent.body,
      /<form[^>]*id="sign-in-resend"[^>]*>\s*<input type="hidden" name="step" value="resend"/,
      'the resend button posts a form',
    )
    t.notMatch(sent.body, EMAIL_CODE_ACCOUNT.password)
    const early = await browser.post({ step: 'resend' })
    t.match(early.body, /data-testid="error-code"[^>]*>You can ask for a new code at \d\d:\d\d UTC\.</)
    const wrong = await browser.post({ step: 'code', code: '000000' })
    t.match(wrong.body, /data-testid="error-code"[^>]*>This code is incorrect/)
    t.match(
      wrong.body,
      /id="sign-in-code"[^>]*aria-describedby="[^" ]+ [^" ]+"/,
      'its error and hint read with it',
    )
    const code = await lastCode(sandbox.regions.sg.url, EMAIL_CODE_ACCOUNT.email, 'login-code')
    const right = await browser.post({ step: 'code', code })
    t.equal(right.statusCode, 303)
    t.ok(await isSignedIn(app, browser.cookie))
  })

  t.test(
    'captcha › the sandbox’s question in the page; its answer posted with the password signs in',
    async (t) => {
      const browser = new PlainBrowser(app, `?language=zh&return=${encodeURIComponent('/auth/sign_in')}`)
      await untilCaptcha(browser)
      const asked = questionOf(browser.html)
      t.ok(asked, 'the question, in the plain form')
      t.match(browser.html, /\d+ 加 \d+ 等于多少？/, 'in the page’s language')
      t.notMatch(browser.html, /data-testid="captcha-needs-script"/, 'no provider: nothing needs JavaScript')

      // The password without an answer: the upstream's 700112, said at the captcha, a question below.
      await fetch(
        `${sandbox.regions.sg.url}/__sandbox/reset?email=${encodeURIComponent(CAPTCHA_ACCOUNT.email)}`,
        {
          method: 'POST',
        },
      )
      await untilCaptcha(browser)
      const unanswered = await app.inject({
        method: 'POST',
        url: `/auth/sign_in?language=zh`,
        headers: { ...SAME_SITE_FORM, ...cookieHeader(browser.cookie) },
        payload: form({ step: 'password', password: CAPTCHA_ACCOUNT.password, _csrf: tokenOf(browser.html) }),
      })
      t.equal(unanswered.statusCode, 200)
      t.match(unanswered.body, `data-testid="error-captcha">${zhCaptcha.answerBelow}<`)
      t.ok(questionOf(unanswered.body), 'a question to answer')
      t.notOk(await isSignedIn(app, browser.cookie))
      browser.html = unanswered.body

      // A wrong answer: the upstream's word at the captcha, a new question, the password not kept.
      const first = questionOf(browser.html)
      const wrong = await browser.post({
        step: 'password',
        password: CAPTCHA_ACCOUNT.password,
        captchaChallengeId: first?.challengeId ?? '',
        captchaAnswer: String(Number(first?.sum) + 1),
      })
      t.equal(wrong.statusCode, 200)
      t.match(wrong.body, /data-testid="error-captcha">[^<]+</)
      t.not(
        questionOf(wrong.body)?.challengeId,
        first?.challengeId,
        'a new question (the last one is used up)',
      )
      t.notMatch(wrong.body, CAPTCHA_ACCOUNT.password, 'never the password')
      t.notOk(await isSignedIn(app, browser.cookie))

      const next = questionOf(wrong.body)
      const right = await browser.post({
        step: 'password',
        password: CAPTCHA_ACCOUNT.password,
        captchaChallengeId: next?.challengeId ?? '',
        captchaAnswer: next?.sum ?? '',
      })
      t.equal(right.statusCode, 303)
      t.equal(right.headers.location, '/auth/sign_in')
      t.ok(await isSignedIn(app, browser.cookie))
    },
  )

  t.test(
    'old password › the reminder, "change now" as a plain form, then on to the return path',
    async (t) => {
      const email = `aged-form-${Date.now()}@sandbox.test`
      const oldPassword = 'Aged-Password1'
      const newPassword = 'Fresh-Password2'
      const created = await fetch(`${sandbox.regions.sg.url}/__sandbox/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: oldPassword, passwordAgeDays: 120 }),
      })
      t.equal(created.status, 201)
      const browser = new PlainBrowser(app, `?language=zh&return=${encodeURIComponent('/auth/sign_in')}`)
      await browser.post({ step: 'email', email })
      const signedIn = await browser.post({ step: 'password', password: oldPassword })
      t.equal(signedIn.statusCode, 200, 'not straight on: the reminder')
      t.equal(signedIn.headers['cache-control'], 'no-store')
      t.match(signedIn.body, /data-testid="password-age-notice"/)
      t.match(signedIn.body, '更换密码', 'in the page’s language')
      t.match(signedIn.body, /<button type="submit" value="later"[^>]*name="step"/)
      t.match(signedIn.body, /<button type="submit" value="changeNow"[^>]*name="step"/)
      t.ok(await isSignedIn(app, browser.cookie), 'signed in already')

      const form = await browser.post({ step: 'changeNow' })
      t.equal(form.statusCode, 200)
      t.match(form.body, /id="change-current"/, 'the change-password form')
      t.match(form.body, /name="step" value="changePassword"/)

      const wrongCurrent = await browser.post({
        step: 'changePassword',
        oldPassword: 'Not-The-One1',
        password: newPassword,
        confirmPassword: newPassword,
      })
      t.equal(wrongCurrent.statusCode, 200)
      t.match(
        wrongCurrent.body,
        /id="change-current-error"[^>]*>[^<]+</,
        'the upstream’s word at the current password',
      )
      t.notMatch(wrongCurrent.body, newPassword, 'never a password filled back')
      t.notMatch(wrongCurrent.body, 'Not-The-One1')

      const mismatch = await browser.post({
        step: 'changePassword',
        oldPassword,
        password: newPassword,
        confirmPassword: `${newPassword}x`,
      })
      t.match(mismatch.body, /id="change-confirm-error"[^>]*>[^<]+</, 'the repetition at its field')

      const changed = await browser.post({
        step: 'changePassword',
        oldPassword,
        password: newPassword,
        confirmPassword: newPassword,
      })
      t.equal(changed.statusCode, 303)
      t.equal(changed.headers.location, '/auth/sign_in', 'on to where the sign-in was going')

      // The new password is the one now: a sign-in with it goes straight on (no reminder).
      const again = new PlainBrowser(app, `?return=${encodeURIComponent('/auth/sign_in')}`)
      await again.post({ step: 'email', email })
      const fresh = await again.post({ step: 'password', password: newPassword })
      t.equal(fresh.statusCode, 303)
    },
  )

  t.test('old password › "later" without a return path opens the console; no token, no step', async (t) => {
    const browser = new PlainBrowser(app)
    await browser.post({ step: 'email', email: OLD_PASSWORD_ACCOUNT.email })
    const reminded = await browser.post({ step: 'password', password: OLD_PASSWORD_ACCOUNT.password })
    t.match(reminded.body, /data-testid="password-age-notice"/)
    const withoutToken = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { ...SAME_SITE_FORM, ...cookieHeader(browser.cookie) },
      payload: form({ step: 'later' }),
    })
    t.equal(withoutToken.statusCode, 403, 'the session’s form token is needed')
    const later = await browser.post({ step: 'later' })
    t.equal(later.statusCode, 303)
    t.match(later.headers.location, /\/__sandbox\/console\?ticket=/, 'a fresh console hand-over')
  })

  t.test('the scripts’ way in › POST /auth/sign_in/flow/changePassword runs the same step', async (t) => {
    const change = (
      cookie: string | undefined,
      body: Record<string, string>,
      headers: Record<string, string> = SAME_ORIGIN,
    ) =>
      app.inject({
        method: 'POST',
        url: '/auth/sign_in/flow/changePassword',
        headers: { ...headers, 'content-type': 'application/json', ...cookieHeader(cookie) },
        payload: JSON.stringify(body),
      })
    const fields = {
      oldPassword: 'Aged-Password1',
      password: 'Fresh-Password2',
      confirmPassword: 'Fresh-Password2',
    }
    const signedOut = await change(undefined, fields)
    t.equal(signedOut.statusCode, 401, 'only for a signed-in session')
    const browser = new PlainBrowser(app)
    await browser.post({ step: 'email', email: OLD_PASSWORD_ACCOUNT.email })
    await browser.post({ step: 'password', password: OLD_PASSWORD_ACCOUNT.password })
    const crossSite = await change(browser.cookie, fields, { 'sec-fetch-site': 'cross-site' })
    t.equal(crossSite.statusCode, 403, 'our pages’ fetch calls only')
    const same = await change(browser.cookie, {
      oldPassword: OLD_PASSWORD_ACCOUNT.password,
      password: OLD_PASSWORD_ACCOUNT.password,
      confirmPassword: OLD_PASSWORD_ACCOUNT.password,
    })
    t.equal(same.statusCode, 400, 'spec §5: the new must differ, before anything is sent')
    t.equal(same.json().item.field, 'password')
    const wrong = await change(browser.cookie, fields)
    t.equal(wrong.statusCode, 200)
    t.not(wrong.json().retCode, '000000', 'a wrong current password is refused upstream')
    t.notMatch(wrong.body, 'Fresh-Password2')
  })

  t.test('an unknown account › the e-mail step again, with the message at the field', async (t) => {
    const browser = new PlainBrowser(app)
    const unknown = await browser.post({ step: 'email', email: 'nobody-here@sandbox.test' })
    t.equal(unknown.statusCode, 200)
    t.match(unknown.body, /data-testid="error-email"/)
    t.match(unknown.body, 'value="nobody-here@sandbox.test"')
    t.match(unknown.body, /name="step" value="email"/)
  })

  t.test('CSRF › no form token after the e-mail, or a cross-site post: our localised refusal', async (t) => {
    const browser = new PlainBrowser(app)
    await browser.post({ step: 'email', email: DEMO_ACCOUNT.email })
    const withoutToken = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { ...SAME_SITE_FORM, ...cookieHeader(browser.cookie) },
      payload: form({ step: 'password', password: DEMO_ACCOUNT.password }),
    })
    t.equal(withoutToken.statusCode, 403)
    t.match(withoutToken.body, enErrors.csrfForm)
    t.notOk(await isSignedIn(app, browser.cookie))

    for (const [query, text] of [
      ['', enErrors.csrfForm],
      ['?language=zh', zhErrors.csrfForm],
    ] as const) {
      const crossSite = await app.inject({
        method: 'POST',
        url: `/auth/sign_in${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        payload: form({ step: 'email', email: DEMO_ACCOUNT.email }),
      })
      t.equal(crossSite.statusCode, 403, `cross-site ${query || 'en'}`)
      t.match(crossSite.body, text)
    }
    const foreignOrigin = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: form({ step: 'email', email: DEMO_ACCOUNT.email }),
    })
    t.equal(foreignOrigin.statusCode, 403, 'another origin')
  })
})

t.test('page cache › a visitor gets the cached sign-in page; a sign-in under way never does', async (t) => {
  // Three uncached renders a minute per client: a page served from the cache spends none.
  const { app } = await build(t, {
    ssr: true,
    env: { RATE_LIMIT_SIGN_IN: '10000/1m', RATE_LIMIT_RENDER: '3/1m', PAGE_CACHE_MB: '8' },
  })
  const visitor = new PlainBrowser(app)
  for (let i = 0; i < 6; i++) {
    const response = await visitor.get()
    t.equal(response.statusCode, 200, `visitor request ${i + 1}: from the cache, no render budget spent`)
    t.notOk(hasPasswordField(response.body))
  }
  const midFlow = new PlainBrowser(app)
  await midFlow.post({ step: 'email', email: DEMO_ACCOUNT.email }) // one render
  const resumed = await midFlow.get() // two
  t.equal(resumed.statusCode, 200)
  t.ok(hasPasswordField(resumed.body), 'the step from the session, rendered for this request')
  t.match(resumed.body, /"signInFlow":\{"step":"password"/, 'the flow reaches the page')
  t.ok(tokenOf(resumed.body), 'with the session’s form token')
  t.equal(resumed.headers['cache-control'], 'no-store')
  t.equal((await midFlow.get()).statusCode, 200) // three
  t.equal((await midFlow.get()).statusCode, 429, 'each mid-flow page is a render of its own')
  t.equal((await visitor.get()).statusCode, 200, 'visitors still get the cached page')
})

t.test(
  'captcha with a configured provider › says it needs JavaScript, the upstream’s question as the fallback',
  async (t) => {
    const { app } = await build(t, {
      ssr: true,
      env: {
        RATE_LIMIT_SIGN_IN: '10000/1m',
        RATE_LIMIT_RENDER: '10000/1m',
        CAPTCHA_SCRIPT_URL: 'https://static.geetest.com/v4/gt4.js',
        CAPTCHA_ID: 'c0ffee42',
      },
    })
    const browser = new PlainBrowser(app)
    await untilCaptcha(browser)
    t.match(browser.html, `data-testid="captcha-needs-script">${enCaptcha.needsScriptFallback}<`)
    const asked = questionOf(browser.html)
    t.ok(asked, 'the sandbox still answers its own question: offered without JavaScript')
    const right = await browser.post({
      step: 'password',
      password: CAPTCHA_ACCOUNT.password,
      captchaChallengeId: asked?.challengeId ?? '',
      captchaAnswer: asked?.sum ?? '',
    })
    t.equal(right.statusCode, 303, 'answered, the sign-in goes on')
    t.ok(await isSignedIn(app, browser.cookie))
  },
)
