import type { FastifyInstance } from 'fastify'
import t, { type Test } from 'tap'
import { RESET_ACCOUNT } from '../../../sandbox/index.ts'
import { SESSION_COOKIE } from '../../../server/session-cookie.ts'
import { NOT_IN_FLOW } from '../../../shared/envelope.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import enCommon from '../../../shared/i18n/locales/en/common.ts'
import enErrors from '../../../shared/i18n/locales/en/errors.ts'
import zhErrors from '../../../shared/i18n/locales/zh/errors.ts'
import {
  build,
  cookieHeader,
  fileSandbox,
  ONE_CLIENT_MANY_USERS,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
  signIn,
} from '../../helper.ts'
import { manualClock } from '../../sandbox/helpers.ts'
import { lastLink, linkFragmentId, type OutboxKind, outbox as outboxOf } from '../../support/outbox.ts'
import { startRedis } from '../../support/redis.ts'

const clock = manualClock()
const { sandbox, sg } = await fileSandbox(t, { now: clock.now })
const PHONE = RESET_ACCOUNT.phone.number
const NEW_PASSWORD = 'Fresh-Start42'
const MINUTE = 60_000
// Every call comes from one address and the upstream's limits are under test.
const GENEROUS_LIMITS = ONE_CLIENT_MANY_USERS

/** A browser: keeps the session cookie across calls, as the page's fetches do. */
function browser(app: FastifyInstance, initialCookie?: string) {
  let cookie = initialCookie
  async function send(method: 'GET' | 'POST', url: string, payload?: Record<string, string>) {
    const response = await app.inject({
      method,
      url,
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
      payload,
    })
    const next = response.cookies.find((c) => c.name === SESSION_COOKIE)
    if (next) cookie = next.value || undefined
    return response
  }
  return {
    send,
    api: async (path: string, payload: Record<string, string> = {}, language = 'en') => {
      const response = await send('POST', `/api/basic-login/${path}?language=${language}`, payload)
      return {
        status: response.statusCode,
        ...(response.json() as { retCode: string; retMsg: string; item: Record<string, unknown> }),
      }
    },
    flow: async () => (await send('GET', '/auth/reset/flow')).json().item as Record<string, unknown>,
    link: async (id: string) => {
      const response = await send('POST', '/auth/reset/flow/link', { id })
      return response.json() as { retCode: string; retMsg: string; item: Record<string, unknown> }
    },
    linkPassword: async (password: string) => {
      const response = await send('POST', '/auth/reset/flow/link/password', {
        password,
        confirmPassword: password,
      })
      return response.json() as { retCode: string; retMsg: string; item: Record<string, unknown> }
    },
    get cookie() {
      return cookie
    },
  }
}

/** A BFF of its own, and a browser on it that asked for the reset fixture's link. */
async function linkSent(t: Test) {
  const { app } = await build(t, { sandbox, env: GENEROUS_LIMITS })
  const page = browser(app)
  await page.api('account/sendResetEmail', { email: RESET_ACCOUNT.email })
  return { app, page }
}

const outbox = (to: string, kind: OutboxKind) => outboxOf(sg, to, kind)

const latestLinkId = async (email: string) => linkFragmentId(await lastLink(sg, email, 'reset-link'))

async function forwarded(path: string): Promise<number> {
  return (await sandboxRequests(sg)).filter((entry) => entry.url.includes(path)).length
}

t.test(
  'POST /api/…/sendResetEmail › same status, shape and flow for known and unknown addresses',
  async (t) => {
    const { app } = await build(t, { sandbox, env: GENEROUS_LIMITS })
    const known = browser(app)
    const unknown = browser(app)
    const a = await known.api('account/sendResetEmail', { email: RESET_ACCOUNT.email })
    const b = await unknown.api('account/sendResetEmail', { email: 'nobody@sandbox.test' })
    t.same(a, b, 'identical answers')
    const [flowA, flowB] = [await known.flow(), await unknown.flow()]
    t.match(flowA, { step: 'sent', via: 'email', account: RESET_ACCOUNT.email, resendInSeconds: 60 })
    t.same({ ...flowB, account: '' }, { ...flowA, account: '' }, 'the same flow state')
    t.equal((await outbox(RESET_ACCOUNT.email, 'reset-link')).length, 1)
  },
)

t.test(
  '700077/700078 are refused by the BFF at the field; 700631 and 700605 come from the upstream',
  async (t) => {
    const { app } = await build(t, { sandbox, env: GENEROUS_LIMITS })
    const page = browser(app)
    const empty = await page.api('account/sendResetEmail', { email: '' })
    t.match(empty, { status: 400, retMsg: enCommon.validation.required, item: { field: 'email' } })
    const malformed = await page.api('account/sendResetEmail', { email: 'nope' })
    t.match(malformed, { status: 400, retMsg: enCommon.validation.email, item: { field: 'email' } })
    t.equal(await forwarded('sendResetEmail'), 0, 'invalid input is never forwarded')

    const body = { email: RESET_ACCOUNT.email }
    for (let i = 0; i < 5; i++) {
      t.equal((await page.api('account/sendResetEmail', body)).retCode, '000000')
      const soon = await page.api('account/sendResetEmail', body, 'zh')
      t.match(soon, { status: 200, retCode: '700631' })
      if (i === 0) t.match(soon.retMsg, /一分钟/, 'in the chosen language')
      clock.advance(MINUTE)
    }
    const limited = await page.api('account/sendResetEmail', body)
    t.match(limited, { status: 200, retCode: '700605' })
    t.match(limited.retMsg, /at most 5/)
    t.not(enErrors.code['700605'], '', 'the page has a localised text for it')
    clock.advance(24 * 60 * MINUTE)
  },
)

t.test(
  'by texted code: 700073 refused, 700203 wrong code, not in the flow without a code, then a new password',
  async (t) => {
    const { app } = await build(t, { sandbox, env: GENEROUS_LIMITS })
    const page = browser(app)
    const badPhone = await page.api('sendSmsRandomCode/4', { areaCode: '86', phone: '1380013800' })
    t.match(badPhone, { status: 400, item: { field: 'phone' } })
    t.equal(await forwarded('sendSmsRandomCode'), 0)

    const early = await page.api('account/checkFindPwd', { code: '123456' })
    t.match(
      early,
      { status: 409, retCode: NOT_IN_FLOW, retMsg: i18nFor('en').t('reset:flowExpired') },
      'nothing was sent yet: not in the flow (ADR 0125)',
    )
    t.equal(await forwarded('checkFindPwd'), 0, 'the BFF knows there is no code to check')

    t.equal((await page.api('sendSmsRandomCode/4', { areaCode: '86', phone: PHONE })).retCode, '000000')
    t.match(await page.flow(), { step: 'code', via: 'phone', account: PHONE, areaCode: '86' })
    const code = (await outbox(PHONE, 'reset-code')).at(-1)?.code ?? ''
    const wrong = await page.api('account/checkFindPwd', { code: code === '000000' ? '111111' : '000000' })
    t.match(wrong, { status: 200, retCode: '700203' })
    const badFormat = await page.api('account/checkFindPwd', { code: '12a456' })
    t.match(badFormat, { status: 400, item: { field: 'code' } })

    t.equal((await page.api('account/checkFindPwd', { code })).retCode, '000000')
    const flow = await page.flow()
    t.match(flow, { step: 'newPassword', account: PHONE })
    t.notOk(JSON.stringify(flow).includes(code), 'the code never comes back to the page')
    const logged = (await sandboxRequests(sg)).filter((entry) => entry.url.includes('checkFindPwd')).at(-1)
    t.match(logged?.body, { account: PHONE }, 'the BFF added the number from the session')

    const mismatch = await page.api('setServiceNewPwd/4', {
      password: NEW_PASSWORD,
      confirmPassword: 'Other-Pass42',
    })
    t.match(mismatch, {
      status: 400,
      retMsg: enCommon.validation.passwordsDiffer,
      item: { field: 'confirmPassword' },
    })
    const weak = await page.api('setServiceNewPwd/4', { password: 'weakpass1', confirmPassword: 'weakpass1' })
    t.match(weak, { status: 400, retMsg: enCommon.validation.passwordFormat, item: { field: 'password' } })
    const same = await page.api(
      'setServiceNewPwd/4',
      { password: RESET_ACCOUNT.password, confirmPassword: RESET_ACCOUNT.password },
      'zh',
    )
    t.match(same, { status: 200, retCode: '700490' })
    t.equal(zhErrors.code['700490'], '新密码不能与旧密码相同。', 'the page shows it localised')

    const done = await page.api('setServiceNewPwd/4', {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    t.match(done, { status: 200, retCode: '000000' })
    t.same(await page.flow(), { step: 'request' }, 'the flow is over')
    const again = await page.api('setServiceNewPwd/4', {
      password: 'Again-Pass42',
      confirmPassword: 'Again-Pass42',
    })
    t.equal(again.retCode, NOT_IN_FLOW, 'a second change needs a new code')
  },
)

t.test(
  'by e-mail link: 700125 for a dead link, new password, no sign-in, the old session ends',
  async (t) => {
    const { app } = await build(t, { sandbox, env: GENEROUS_LIMITS })
    const signedIn = browser(app, await signIn(app, RESET_ACCOUNT.email, RESET_ACCOUNT.password))
    const page = browser(app)
    t.equal((await page.link('made-up-link-id')).retCode, '700125')
    await page.api('account/sendResetEmail', { email: RESET_ACCOUNT.email })
    const id = await latestLinkId(RESET_ACCOUNT.email)
    const check = await page.link(id)
    t.match(check, { retCode: '000000', item: { email: RESET_ACCOUNT.email } })
    t.notOk(JSON.stringify(check).includes(id), 'the id never comes back')

    const done = await page.linkPassword(NEW_PASSWORD)
    t.equal(done.retCode, '000000')
    t.equal(sessionCookieOf(await page.send('GET', '/auth/reset/flow')) ?? '', '', 'no session was started')
    const after = await signedIn.send('POST', '/api/tokens/getToken')
    t.equal(after.json().retCode, '999999', 'the session from before the reset has ended upstream')
    // The link works once: this session holds no checked link any more (a copy of the cookie from
    // before the change gets 700125: the replica tests below).
    t.equal((await page.linkPassword('Again-Pass42')).retCode, NOT_IN_FLOW, 'the link works once')
  },
)

t.test('a reset from a browser signed in to the same account signs that browser out', async (t) => {
  const { app } = await build(t, { sandbox, env: GENEROUS_LIMITS })
  const before = await signIn(app, RESET_ACCOUNT.email, RESET_ACCOUNT.password)
  const page = browser(app, before)
  await page.api('account/sendResetEmail', { email: RESET_ACCOUNT.email })
  await page.link(await latestLinkId(RESET_ACCOUNT.email))
  const response = await page.send('POST', '/auth/reset/flow/link/password', {
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  })
  t.equal(response.json().retCode, '000000')
  t.equal(sessionCookieOf(response), '', 'the session cookie is cleared')
  t.equal(response.headers['clear-site-data'], '"cookies"')
  const replayed = await app.inject({
    method: 'POST',
    url: '/api/tokens/getToken',
    headers: { ...SAME_ORIGIN, ...cookieHeader(page.cookie ?? before) },
  })
  t.equal(replayed.statusCode, 401, 'a copy of the old cookie is revoked like any signed-out one')
})

t.test('reset link (M1) › works once: concurrent changes, a replayed cookie, a second replica', async (t) => {
  const { app, page } = await linkSent(t)
  await page.link(await latestLinkId(RESET_ACCOUNT.email))
  const cookieWithLink = page.cookie
  // Four changes at once from the same session (and so the same cookie copy): one succeeds.
  const answers = await Promise.all(
    [1, 2, 3, 4].map(() =>
      browser(app, cookieWithLink).linkPassword(`Fresh-Start${Math.random()}`.slice(0, 16)),
    ),
  )
  t.same(
    answers.map((answer) => answer.retCode).sort(),
    ['000000', '700125', '700125', '700125'],
    'one success, three refusals',
  )
  // The cookie from before the change, replayed later, finds the link used up.
  t.equal((await browser(app, cookieWithLink).linkPassword('Later-Pass42')).retCode, '700125')
})

t.test(
  'reset link (M1) › the id is never in a URL: /api refuses the link calls, ?id= is not read',
  async (t) => {
    const { page } = await linkSent(t)
    const id = await latestLinkId(RESET_ACCOUNT.email)
    t.equal((await page.api(`account/checkResetPwdLink/${id}`)).status, 404, 'check: flow-only')
    t.equal(
      (
        await page.api(`account/resetServiceNewPwd/${id}`, {
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
      ).status,
      404,
      'change: flow-only',
    )
    t.equal((await page.linkPassword(NEW_PASSWORD)).retCode, NOT_IN_FLOW, 'no link checked in this session')
    const upstream = (await sandboxRequests(sg)).filter((request) =>
      request.url.includes('resetServiceNewPwd'),
    )
    t.equal(upstream.length, 0, 'nothing reached the upstream')
  },
)

t.test(
  'account/resetNewPwd › flow-only: /api refuses it; the sign-in flow’s change step checks and changes',
  async (t) => {
    const { app } = await build(t, { sandbox, env: GENEROUS_LIMITS })
    const page = browser(app, await signIn(app, RESET_ACCOUNT.email, RESET_ACCOUNT.password))
    const before = (await sandboxRequests(sg)).length
    const direct = await page.api('account/resetNewPwd', {
      oldPassword: RESET_ACCOUNT.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    t.equal(direct.status, 404, 'no page calls it through /api (the change is a flow step)')
    t.equal((await sandboxRequests(sg)).length, before, 'nothing reached the upstream')
    const change = async (body: Record<string, string>) => {
      const response = await page.send('POST', '/auth/sign_in/flow/changePassword', body)
      return {
        status: response.statusCode,
        ...(response.json() as { retCode: string; retMsg: string; item: Record<string, unknown> }),
      }
    }
    const same = await change({
      oldPassword: RESET_ACCOUNT.password,
      password: RESET_ACCOUNT.password,
      confirmPassword: RESET_ACCOUNT.password,
    })
    t.match(same, { status: 400, retMsg: enCommon.validation.samePassword, item: { field: 'password' } })
    const wrongOld = await change({
      oldPassword: 'Wrong-Pass42',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    t.equal(wrongOld.retCode, '700211')
    const changed = await change({
      oldPassword: RESET_ACCOUNT.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    t.equal(changed.retCode, '000000')
  },
)

t.test(
  'GET /auth/reset/flow and POST /auth/reset/flow/restart › same-origin only; restart forgets',
  async (t) => {
    const { app, page } = await linkSent(t)
    t.equal((await page.flow()).step, 'sent')
    const crossSite = await app.inject({
      method: 'POST',
      url: '/auth/reset/flow/restart',
      headers: {
        'sec-fetch-site': 'cross-site',
        'x-requested-with': 'XMLHttpRequest',
        ...cookieHeader(page.cookie),
      },
    })
    t.equal(crossSite.statusCode, 403)
    const restarted = await page.send('POST', '/auth/reset/flow/restart')
    t.same(restarted.json().item, { step: 'request' })
    t.same(await page.flow(), { step: 'request' })
    clock.advance(MINUTE)
    await page.api('account/sendResetEmail', { email: RESET_ACCOUNT.email })
    t.equal(((await page.flow()) as { resendInSeconds: number }).resendInSeconds, 60)
  },
)

t.test('reset link (M1) › two replicas sharing Redis: the link works once across them', async (t) => {
  const redis = await startRedis(t)
  const env = { ...GENEROUS_LIMITS, REDIS_URL: redis.url }
  const one = await build(t, { sandbox, env })
  const two = await build(t, { sandbox, env })
  const page = browser(one.app)
  await page.api('account/sendResetEmail', { email: RESET_ACCOUNT.email })
  await page.link(await latestLinkId(RESET_ACCOUNT.email))
  const cookie = page.cookie
  const answers = await Promise.all([
    browser(one.app, cookie).linkPassword('Fresh-Start42'),
    browser(two.app, cookie).linkPassword('Other-Start42'),
  ])
  t.same(answers.map((answer) => answer.retCode).sort(), ['000000', '700125'], 'one replica wins')
  t.equal((await browser(two.app, cookie).linkPassword('Third-Start42')).retCode, '700125')
})
