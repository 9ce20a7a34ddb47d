/**
 * Issue 21 for sign-up: every step posted as a plain form (`POST /auth/sign_up`, JavaScript off or
 * not yet run) runs through the same flow module as the page's fetch calls and is answered with
 * the page: the next step (303, then rendered from the session), or the same step with the errors
 * at their fields and what was typed — never a password. server/routes/sign-up-form.server.ts.
 */
import type { LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import enCaptcha from '../../../shared/i18n/locales/en/captcha.ts'
import enCommon from '../../../shared/i18n/locales/en/common.ts'
import enErrors from '../../../shared/i18n/locales/en/errors.ts'
import enSignUp from '../../../shared/i18n/locales/en/signUp.ts'
import zhErrors from '../../../shared/i18n/locales/zh/errors.ts'
import zhSignUp from '../../../shared/i18n/locales/zh/signUp.ts'
import { build, cookieHeader, sandboxRequests, sessionCookieOf } from '../../helper.ts'
import { lastLink, outbox } from '../../support/outbox.ts'
import { freshSignUpEmail, SIGN_UP_DETAILS, SignUpBrowser } from '../../support/sign-up.ts'

const { app, sandbox } = await build(t, {
  ssr: true,
  env: { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m' },
})
const sg = sandbox.regions.sg.url
const PASSWORD = 'Plain-Form42x'
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }

const encode = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
  return body.toString()
}
/** A plain form post (no scripts) to the sign-up page: the fields encoded as a browser sends them. */
const postForm = (
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = FORM,
  url = '/auth/sign_up',
  bff = app,
) => bff.inject({ method: 'POST', url, headers, payload: encode(fields) })
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1]
function questionOf(html: string) {
  const challengeId = /name="captchaChallengeId" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const label = /<label for="[^"]*-answer">([^<]+)<\/label>/.exec(html)?.[1] ?? ''
  const [a, b] = (label.match(/\d+/g) ?? []).map(Number)
  return { captchaChallengeId: challengeId, captchaAnswer: String((a ?? 0) + (b ?? 0)) }
}
const htmlText = (html: string) =>
  html
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')

/** A browser with JavaScript off: plain posts, 303s followed with a GET, the cookie kept. */
class PlainBrowser {
  cookie: string | undefined
  html = ''
  readonly language: 'en' | 'zh'
  constructor(language: 'en' | 'zh' = 'en') {
    this.language = language
  }
  get page() {
    return `/auth/sign_up${this.language === 'zh' ? '?language=zh' : ''}`
  }
  private keep(response: LightMyRequestResponse) {
    this.cookie = sessionCookieOf(response) ?? this.cookie
    return response
  }
  async open() {
    const response = this.keep(await app.inject({ url: this.page, headers: cookieHeader(this.cookie) }))
    this.html = response.body
    return response
  }
  /** Posts a step's form with the token the page carries; follows the 303 to the next step. */
  async post(fields: Record<string, string | string[]>, headers: Record<string, string> = FORM) {
    const token = tokenOf(this.html)
    const response = this.keep(
      await postForm(
        { ...(token ? { _csrf: token } : {}), ...fields },
        { ...headers, ...cookieHeader(this.cookie) },
        this.page,
      ),
    )
    if (response.statusCode === 303 && response.headers.location === this.page) {
      await this.open()
      return { response, followed: true }
    }
    this.html = response.body
    return { response, followed: false }
  }
  step() {
    return /data-step="([a-z]+)"/.exec(this.html)?.[1]
  }
}

/** The first form as a visitor gets it, posted; then answered with the question it asks. */
async function start(browser: PlainBrowser, email: string, beforeTheToken?: () => Promise<void>) {
  await browser.open()
  if (tokenOf(browser.html)) throw new Error('the first form is the cached page: it has no token')
  const fields = { step: 'credentials', email, password: PASSWORD, privacy: 'on' }
  const first = await browser.post(fields)
  await beforeTheToken?.()
  return { first, second: await browser.post({ ...fields, ...questionOf(browser.html) }) }
}

t.test('credentials › the first post runs no step; with its token and the answer it starts', async (t) => {
  for (const language of ['en', 'zh'] as const) {
    const S = language === 'zh' ? zhSignUp : enSignUp
    const browser = new PlainBrowser(language)
    const email = freshSignUpEmail(`plain-${language}`)
    const pending = async () => (await fetch(`${sg}/__sandbox/signups/${encodeURIComponent(email)}`)).status
    let pendingAfterFirst = 0
    const { first, second } = await start(browser, email, async () => {
      pendingAfterFirst = await pending()
    })
    t.equal(first.response.statusCode, 200, `${language}: the form again, not an error page`)
    t.equal(first.response.headers['cache-control'], 'no-store')
    const firstHtml = htmlText(first.response.body)
    t.match(firstHtml, `value="${email}"`, 'the e-mail typed is back')
    t.notMatch(first.response.body, PASSWORD, 'the password never is')
    t.match(firstHtml, S.credentials.passwordAgain, 'and says so at its field')
    t.ok(questionOf(first.response.body).captchaChallengeId, 'a question to answer')
    t.ok(tokenOf(first.response.body), 'and a token for the next post')
    t.equal(pendingAfterFirst, 404, 'nothing was registered by the token-less post')
    t.equal(await pending(), 200, 'the post with the token registered')

    t.equal(second.response.statusCode, 303, `${language}: started`)
    t.ok(second.followed, 'to the sign-up page in the same language')
    t.equal(browser.step(), 'sent', 'rendered from the session: the sent step')
    t.match(htmlText(browser.html), S.sent.title)
    t.match(browser.html, /(\d\d:\d\d UTC|UTC \d\d:\d\d)/, 'the resend wait as a time of day')
    t.equal((await outbox(sg, email, 'register-verify')).length, 1, 'the verification e-mail went out')
  }
})

t.test('credentials › errors at their fields, what was typed back, the password never', async (t) => {
  const browser = new PlainBrowser()
  await browser.open()
  await browser.post({ step: 'credentials', email: 'not-an-address', password: PASSWORD, privacy: 'on' })
  const answered = await browser.post({
    step: 'credentials',
    email: DEMO_ACCOUNT.email,
    password: PASSWORD,
    privacy: 'on',
    ...questionOf(browser.html),
  })
  t.equal(answered.response.statusCode, 200)
  const html = htmlText(answered.response.body)
  t.match(html, `value="${DEMO_ACCOUNT.email}"`, 'the address typed')
  t.match(html, enErrors.code['700037'], 'the upstream’s "already registered" at the e-mail')
  t.match(html, 'id="sign-up-email-error"', 'as the e-mail field’s error')
  t.notMatch(answered.response.body, PASSWORD, 'no password anywhere in the page')
  t.equal(browser.step(), 'credentials')
})

t.test('credentials › a password the rules refuse is said at its field; nothing is registered', async (t) => {
  const browser = new PlainBrowser()
  const email = freshSignUpEmail('plain-weak')
  await browser.open()
  await browser.post({ step: 'credentials', email, password: 'short', privacy: 'on' })
  const answered = await browser.post({
    step: 'credentials',
    email,
    password: 'short',
    privacy: 'on',
    ...questionOf(browser.html),
  })
  t.equal(answered.response.statusCode, 200)
  t.match(
    htmlText(answered.response.body),
    enCommon.validation.passwordFormat,
    'the rule, not "type it again"',
  )
  t.notMatch(answered.response.body, 'value="short"', 'the password is not filled back')
  const pending = await fetch(`${sg}/__sandbox/signups/${encodeURIComponent(email)}`)
  t.equal(pending.status, 404, 'not sent upstream')
})

t.test('cross-site plain posts and foreign tokens get the localised refusal page', async (t) => {
  for (const [language, E] of [
    ['en', enErrors],
    ['zh', zhErrors],
  ] as const) {
    const crossSite = await postForm(
      { step: 'credentials', email: 'x@example.com' },
      { ...FORM, 'sec-fetch-site': 'cross-site' },
      `/auth/sign_up${language === 'zh' ? '?language=zh' : ''}`,
    )
    t.equal(crossSite.statusCode, 403, `${language}: cross-site refused`)
    t.match(htmlText(crossSite.body), E.csrfForm)
    const foreignOrigin = await postForm(
      { step: 'setup', firstName: 'A' },
      { 'content-type': FORM['content-type'], origin: 'https://evil.example' },
    )
    t.equal(foreignOrigin.statusCode, 403, 'a foreign Origin too')
  }
  // A later step needs this session's token: none, or another session's, is refused.
  const owner = new PlainBrowser()
  await start(owner, freshSignUpEmail('plain-token'))
  const ownToken = tokenOf(owner.html)
  const stranger = new PlainBrowser()
  await stranger.open()
  await stranger.post({ step: 'credentials', email: 'x@example.com' })
  for (const [why, token] of [
    ['no token', undefined],
    ['another session’s token', ownToken],
  ] as const) {
    const refused = await postForm(
      { step: 'sent', intent: 'other', ...(token ? { _csrf: token } : {}) },
      { ...FORM, ...cookieHeader(stranger.cookie) },
    )
    t.equal(refused.statusCode, 403, `${why}: refused`)
    t.match(htmlText(refused.body), enErrors.csrfForm)
  }
  const withOwnToken = await owner.post({ step: 'sent', intent: 'continue' })
  t.equal(withOwnToken.response.statusCode, 303, 'the owner’s own token works')
})

t.test('sent › a new e-mail is refused before its time, with the time', async (t) => {
  const browser = new PlainBrowser('zh')
  const email = freshSignUpEmail('plain-resend')
  await start(browser, email)
  const refused = await browser.post({ step: 'sent', intent: 'resend' })
  t.equal(refused.response.statusCode, 200)
  const expected = zhSignUp.sent.resendAt.replace('{{time}}', '')
  t.match(htmlText(refused.response.body), expected, 'says when, in the page’s language')
  t.match(refused.response.body, /UTC \d\d:\d\d/)
  t.equal((await outbox(sg, email, 'register-verify')).length, 1, 'and sent nothing')
})

t.test('link → setup → questionnaire → welcome → console, every step a plain post', async (t) => {
  const browser = new PlainBrowser()
  const email = freshSignUpEmail('plain-journey')
  await start(browser, email)
  // The link opened in another browser (a phone's mail app): this one continues (the hand-off).
  const phone = new SignUpBrowser(app, sg)
  t.equal((await phone.openLink(email)).body.retCode, '000000')
  await browser.post({ step: 'sent', intent: 'continue' })
  t.equal(browser.step(), 'setup', 'the setup, rendered from the session')

  const typed = { ...SIGN_UP_DETAILS, phone: '12', jobTitle: 'Analyst <b>' }
  const wrong = await browser.post({ step: 'setup', ...typed })
  t.equal(wrong.response.statusCode, 200, 'the setup again')
  t.match(wrong.response.body, 'id="setup-phone-error"', 'with the error at the phone')
  t.match(wrong.response.body, 'value="Engines Ltd"', 'what was typed is back')
  t.match(wrong.response.body, 'value="Analyst &lt;b&gt;"', 'as text, never as markup')
  await browser.post({ step: 'setup', ...SIGN_UP_DETAILS })
  t.equal(browser.step(), 'questionnaire')

  const back = await browser.post({ step: 'questionnaire', intent: 'back' })
  t.ok(back.followed)
  t.equal(browser.step(), 'setup', 'back to the setup')
  t.match(browser.html, 'value="Lovelace"', 'with the details kept')
  await browser.post({ step: 'setup', ...SIGN_UP_DETAILS })
  const done = await browser.post({
    step: 'questionnaire',
    products: ['chatbot', 'voice'],
    industry: 'gaming',
  })
  t.ok(done.followed, 'finished')
  t.equal(browser.step(), 'welcome', 'the welcome page, signed in')
  t.match(browser.html, enSignUp.welcome.title)
  const answers = (await sandboxRequests(sg)).filter((request) =>
    request.url.includes('registerChoseProduct'),
  )
  t.match(JSON.stringify(answers.at(-1)), 'chatbot', 'the answers reached the upstream')

  const consoleOpened = await browser.post({ step: 'welcome' })
  t.equal(consoleOpened.response.statusCode, 303, 'the console')
  t.match(
    String(consoleOpened.response.headers.location),
    /\/__sandbox\/console\?ticket=/,
    'signed in by its ticket',
  )
})

/** The verification link the sandbox e-mailed to this address (whole, as the visitor copies it). */
async function emailedLink(email: string) {
  const link = await lastLink(sg, email, 'register-verify')
  return link.startsWith('/') ? `https://trial.example${link}` : link
}
const linkChecks = async () =>
  (await sandboxRequests(sg)).filter((request) => request.url.includes('checkVerifyEmailLink')).length

t.test('sent › the pasted link: its errors at the field, then on to setup (ADR 0090)', async (t) => {
  for (const [language, S] of [
    ['en', enSignUp],
    ['zh', zhSignUp],
  ] as const) {
    const browser = new PlainBrowser(language)
    const email = freshSignUpEmail(`plain-paste-${language}`)
    await start(browser, email)
    const link = await emailedLink(email)
    const id = new URLSearchParams(link.split('#')[1]).get('id') ?? ''
    t.ok(id, 'the e-mail has its link')

    const checksBefore = await linkChecks()
    const otherKind = await browser.post({
      step: 'sent',
      intent: 'link',
      link: `https://trial.example/auth/reset#id=${id}`,
    })
    t.equal(otherKind.response.statusCode, 200, `${language}: a reset link: the same step`)
    t.match(otherKind.response.body, 'id="sign-up-link-error"', 'with the error at the field')
    t.match(htmlText(otherKind.response.body), S.sent.linkOtherKind)
    t.notMatch(otherKind.response.body, id, 'the pasted id is never filled back in')
    const notALink = await browser.post({ step: 'sent', intent: 'link', link: 'see https://trial.example/' })
    t.match(htmlText(notALink.response.body), S.sent.linkNotALink, 'no link at all')
    t.equal(await linkChecks(), checksBefore, 'neither went upstream')

    const unknown = await browser.post({
      step: 'sent',
      intent: 'link',
      link: `${link.split('#')[0]}#id=nope`,
    })
    t.equal(unknown.response.statusCode, 200, 'an unknown link: the same step')
    t.equal(browser.step(), 'sent')
    t.match(htmlText(unknown.response.body), S.sent.linkExpired, 'said at the field')
    t.match(unknown.response.body, 'aria-invalid="true"', 'the field marked')

    const used = await browser.post({ step: 'sent', intent: 'link', link: `  ${link}  ` })
    t.ok(used.followed, 'the e-mailed link, pasted whole: 303')
    t.equal(browser.step(), 'setup', 'to the setup, rendered from the session')

    // The same link again, in another sign-up waiting for its own: used up, said at the field.
    const other = new PlainBrowser(language)
    await start(other, freshSignUpEmail(`plain-paste-other-${language}`))
    const again = await other.post({ step: 'sent', intent: 'link', link })
    t.equal(again.response.statusCode, 200)
    t.equal(other.step(), 'sent', 'still waiting for its own link')
    t.match(htmlText(again.response.body), S.sent.linkExpired, 'a used link is said at the field')
  }
})

t.test('sent › a pasted link posted cross-site or without the token runs nothing', async (t) => {
  const browser = new PlainBrowser()
  const email = freshSignUpEmail('plain-paste-csrf')
  await start(browser, email)
  const link = await emailedLink(email)
  const checksBefore = await linkChecks()
  const crossSite = await browser.post(
    { step: 'sent', intent: 'link', link },
    { ...FORM, 'sec-fetch-site': 'cross-site' },
  )
  t.equal(crossSite.response.statusCode, 403, 'cross-site refused')
  t.match(htmlText(crossSite.response.body), enErrors.csrfForm)
  const noToken = await postForm(
    { step: 'sent', intent: 'link', link },
    { ...FORM, ...cookieHeader(browser.cookie) },
  )
  t.equal(noToken.statusCode, 403, 'without the form token refused')
  t.equal(await linkChecks(), checksBefore, 'the link was not checked')
  await browser.open()
  const pasted = await browser.post({ step: 'sent', intent: 'link', link })
  t.ok(pasted.followed, 'and still works from the page itself')
  t.equal(browser.step(), 'setup')
})

t.test('a configured captcha provider: a clear message that it needs JavaScript', async (t) => {
  const withProvider = await build(t, {
    ssr: true,
    sandbox,
    env: {
      CAPTCHA_SCRIPT_URL: 'https://static.geetest.com/v4/gt4.js',
      CAPTCHA_ID: 'c0ffee42',
    },
  })
  const first = await postForm(
    { step: 'credentials', email: 'someone@example.com', password: PASSWORD, privacy: 'on' },
    FORM,
    '/auth/sign_up',
    withProvider.app,
  )
  const token = tokenOf(first.body)
  const cookie = sessionCookieOf(first)
  const second = await postForm(
    { _csrf: token ?? '', step: 'credentials', email: 'someone@example.com', privacy: 'on' },
    { ...FORM, ...cookieHeader(cookie) },
    '/auth/sign_up',
    withProvider.app,
  )
  t.equal(second.statusCode, 200)
  t.match(htmlText(second.body), enCaptcha.needsScript)
})
