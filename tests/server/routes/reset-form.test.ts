import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { RESET_ACCOUNT } from '../../../sandbox/index.ts'
import { SESSION_COOKIE } from '../../../server/session-cookie.ts'
import { resetEndpoints } from '../../../shared/api/endpoints/reset.ts'
import enReset from '../../../shared/i18n/locales/en/reset.ts'
import zhReset from '../../../shared/i18n/locales/zh/reset.ts'
import {
  build,
  cookieHeader,
  fileSandbox,
  ONE_CLIENT_MANY_USERS,
  resetSandbox,
  SAME_ORIGIN,
  sandboxRequests,
  signInStep,
} from '../../helper.ts'
import { type OutboxKind, outbox as outboxOf } from '../../support/outbox.ts'

// Issue 21: each step of the password reset posted as a plain form (no JavaScript) runs the reset
// flow's own step and is answered with the reset page.

const { sandbox, sg } = await fileSandbox(t)
const NEW_PASSWORD = 'Plain-Form42'
const GENEROUS_LIMITS = ONE_CLIENT_MANY_USERS

const SAME_SITE_FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
}

/** A browser without JavaScript: posts forms, keeps the cookie, reads the form token off the page. */
function browser(app: FastifyInstance, language: 'en' | 'zh' = 'en') {
  let cookie: string | undefined
  let token = ''
  const query = language === 'zh' ? '&language=zh' : ''
  async function post(step: string, fields: Record<string, string>, options: { withToken?: boolean } = {}) {
    const response = await app.inject({
      method: 'POST',
      url: `/auth/reset?step=${step}${query}`,
      headers: { ...SAME_SITE_FORM, ...cookieHeader(cookie) },
      payload: new URLSearchParams({
        ...fields,
        ...(options.withToken !== false && token ? { _csrf: token } : {}),
      }).toString(),
    })
    const next = response.cookies.find((c) => c.name === SESSION_COOKIE)
    if (next) cookie = next.value || undefined
    token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1] ?? token
    return response
  }
  return {
    post,
    get: (url: string) => app.inject({ method: 'GET', url, headers: cookieHeader(cookie) }),
    cookie: () => cookie,
  }
}

const outbox = (to: string, kind: OutboxKind) => outboxOf(sg, to, kind)

const testIdOf = (html: string) => /data-testid="(reset-[a-zA-Z]+)"/.exec(html)?.[1]
const errorAt = (html: string, id: string) =>
  new RegExp(`id="${id}-error" class="field-error" role="alert">([^<]+)<`).exec(html)?.[1]
/** Whether the password signs the reset account in (the sign-in flow's e-mail, then password). */
const signsIn = async (app: FastifyInstance, password: string) => {
  const started = await signInStep(app, 'email', { email: RESET_ACCOUNT.email })
  const answer = await signInStep(app, 'password', { password }, { cookie: started.cookie })
  return (answer.response.json() as { retCode: string }).retCode === '000000'
}

t.test('reset by code, posted as plain forms: each answer is the next step', async (t) => {
  const { app } = await build(t, { ssr: true, sandbox, env: GENEROUS_LIMITS })
  for (const language of ['en', 'zh'] as const) {
    await resetSandbox(sg)
    const R = language === 'zh' ? zhReset : enReset
    const page = browser(app, language)
    const phone = RESET_ACCOUNT.phone
    const sent = await page.post('request', { via: 'phone', areaCode: phone.areaCode, phone: phone.number })
    t.equal(sent.statusCode, 200)
    t.equal(sent.headers['cache-control'], 'no-store', 'one session’s step: never cached')
    t.equal(testIdOf(sent.body), 'reset-code', `${language}: the code step`)
    t.match(sent.body, R.codeTitle)
    t.match(sent.body, /name="_csrf" value="[^"]+"/, 'its forms carry the session’s form token')

    const wrong = await page.post('code', { code: '000000' })
    t.equal(testIdOf(wrong.body), 'reset-code', 'a wrong code: the same step')
    t.equal(errorAt(wrong.body, 'reset-code'), R.codeWrong, 'with the error at the field')
    t.match(wrong.body, /id="reset-code"[^>]*value="000000"/, 'and what was typed')

    const code = (await outbox(phone.number, 'reset-code')).at(-1)?.code ?? ''
    const checked = await page.post('code', { code })
    t.equal(testIdOf(checked.body), 'reset-newPassword', 'the code checked: the new password')

    const differ = await page.post('password', { password: NEW_PASSWORD, confirmPassword: 'Other-Pass42' })
    t.equal(testIdOf(differ.body), 'reset-newPassword', 'a repetition that differs: the same step')
    t.ok(errorAt(differ.body, 'reset-confirm'), 'said at the repetition')
    t.notMatch(differ.body, NEW_PASSWORD, 'no password is ever filled back in')
    t.notMatch(differ.body, 'Other-Pass42')

    const done = await page.post('password', { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
    t.equal(done.statusCode, 303)
    t.equal(done.headers.location, `/auth/reset/done${language === 'zh' ? '?language=zh' : ''}`)
    t.ok(await signsIn(app, NEW_PASSWORD), 'the new password signs in')
  }
})

t.test('reset by link, posted as plain forms: the pasted link leads to the new password', async (t) => {
  const { app } = await build(t, { ssr: true, sandbox, env: GENEROUS_LIMITS })
  const page = browser(app)
  const sent = await page.post('request', { via: 'email', email: RESET_ACCOUNT.email })
  t.equal(testIdOf(sent.body), 'reset-sent')
  t.match(sent.body, /name="link"/, 'with a field for the link')
  const reload = await page.get('/auth/reset')
  t.equal(testIdOf(reload.body), 'reset-sent', 'a reload shows the step from the session')
  t.equal(reload.headers['cache-control'], 'no-store')

  const nonsense = await page.post('link', { link: 'https://example.com/not/a/link' })
  t.equal(errorAt(nonsense.body, 'reset-link'), enReset.linkInvalid, 'not a link: said at the field')
  const link = (await outbox(RESET_ACCOUNT.email, 'reset-link')).at(-1)?.link ?? ''
  const opened = await page.post('link', { link: new URL(link, 'http://localhost').href })
  t.equal(testIdOf(opened.body), 'reset-link', 'the link checked: its new password')
  t.match(opened.body, RESET_ACCOUNT.email)
  t.notMatch(
    opened.body,
    new URLSearchParams(link.split('#')[1]).get('id') ?? 'no id',
    'the id never goes back out',
  )

  const weak = await page.post('linkPassword', { password: 'short', confirmPassword: 'short' })
  t.equal(testIdOf(weak.body), 'reset-link', 'a weak password: the same step')
  t.ok(errorAt(weak.body, 'reset-password'), 'said at the password')
  const done = await page.post('linkPassword', { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
  t.equal(done.statusCode, 303)
  t.ok(await signsIn(app, NEW_PASSWORD), 'the new password signs in')
  const again = await page.post('link', { link })
  t.equal(testIdOf(again.body), 'reset-expired', 'a used link: expired')
})

t.test('the request step: errors at their fields with what was typed', async (t) => {
  const { app } = await build(t, { ssr: true, sandbox, env: GENEROUS_LIMITS })
  const answer = await browser(app).post('request', { via: 'phone', areaCode: '86', phone: '12345' })
  t.equal(answer.statusCode, 200)
  t.equal(testIdOf(answer.body), 'reset-request')
  t.ok(errorAt(answer.body, 'reset-phone'), 'the number’s error at the number')
  t.match(answer.body, /id="reset-phone"[^>]*value="12345"/, 'the number typed')
  t.match(answer.body, /value="phone"[^>]*checked|checked=""[^>]*value="phone"/, 'the way chosen')
})

t.test('a request refused at its field, then sent once the scripts ran: no "session expired"', async (t) => {
  // The refused page carries a form token, so its answer sets a session cookie; the page's script
  // then sends through `/api` with that cookie (the reset e2e clicked before hydration this way).
  const { app } = await build(t, { ssr: true, sandbox, env: GENEROUS_LIMITS })
  const page = browser(app)
  const refused = await page.post('request', { via: 'phone', areaCode: '86', phone: '1380013' })
  t.ok(errorAt(refused.body, 'reset-phone'), 'the number refused at its field')
  t.ok(page.cookie(), 'the refused page left a session cookie')
  const phone = RESET_ACCOUNT.phone
  const sent = await app.inject({
    method: 'POST',
    url: `/api/${resetEndpoints.sendSmsRandomCode.path}`,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...cookieHeader(page.cookie()) },
    payload: { areaCode: phone.areaCode, phone: phone.number },
  })
  t.equal(sent.statusCode, 200)
  t.equal((sent.json() as { retCode: string }).retCode, '000000', 'the code is sent')
  const cleared = sent.cookies.find((c) => c.name === SESSION_COOKIE && c.value === '')
  t.notOk(cleared, 'the session is kept, not cleared as unreadable')
})

t.test('resend: refused before its time, with the time it can be asked for', async (t) => {
  const { app } = await build(t, { ssr: true, sandbox, env: GENEROUS_LIMITS })
  const page = browser(app)
  await page.post('request', { via: 'email', email: RESET_ACCOUNT.email })
  const early = await page.post('resend', {})
  t.equal(testIdOf(early.body), 'reset-sent', 'the same step')
  const time = /You can ask for a new link at (\d\d:\d\d UTC)\./.exec(early.body)?.[1]
  t.ok(time, `the refusal says when (${time})`)
  t.equal((await outbox(RESET_ACCOUNT.email, 'reset-link')).length, 1, 'nothing more was sent')
})

t.test('steps past the first need the form token; a cross-site post gets our refusal', async (t) => {
  const { app } = await build(t, { ssr: true, sandbox, env: GENEROUS_LIMITS })
  const page = browser(app)
  await page.post('request', { via: 'phone', areaCode: '86', phone: RESET_ACCOUNT.phone.number })
  const before = (await sandboxRequests(sg)).length
  const tokenless = await page.post('code', { code: '123456' }, { withToken: false })
  t.equal(tokenless.statusCode, 403, 'no token: refused')
  t.match(tokenless.headers['content-type'], /text\/html/, 'with our page')
  const forged = await app.inject({
    method: 'POST',
    url: '/auth/reset?step=request',
    headers: { ...SAME_SITE_FORM, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    payload: `via=email&email=${encodeURIComponent(RESET_ACCOUNT.email)}`,
  })
  t.equal(forged.statusCode, 403, 'another site’s form: refused')
  t.match(forged.body, /<html/)
  t.equal((await sandboxRequests(sg)).length, before, 'neither reached the upstream')
})

t.test('the page cache: visitors get the shared page, a reset under way its own step', async (t) => {
  const { app } = await build(t, { ssr: true, sandbox, env: { ...GENEROUS_LIMITS, PAGE_CACHE_MB: '8' } })
  const visitor = () => app.inject({ method: 'GET', url: '/auth/reset' })
  t.equal(testIdOf((await visitor()).body), 'reset-request', 'a visitor: the request step')
  t.equal(testIdOf((await visitor()).body), 'reset-request', 'again (from the cache)')
  const page = browser(app)
  await page.post('request', { via: 'email', email: RESET_ACCOUNT.email })
  const mine = await page.get('/auth/reset')
  t.equal(testIdOf(mine.body), 'reset-sent', 'the session’s reset: its step, rendered for it')
  t.match(mine.body, /name="_csrf" value="[^"]+"/)
  const theirs = (await visitor()).body
  t.equal(testIdOf(theirs), 'reset-request', 'visitors still get the shared page')
  t.notMatch(theirs, RESET_ACCOUNT.email, 'which knows nothing of the other session')
  t.notMatch(theirs, /name="_csrf"/, 'and carries no form token')
})
