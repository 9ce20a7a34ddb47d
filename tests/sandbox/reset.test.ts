import t from 'tap'
import { RESET_ACCOUNT } from '../../sandbox/index.ts'
import { lastCode, lastLink, linkFragmentId, type OutboxKind, outbox as outboxOf } from '../support/outbox.ts'
import { admin, manualClock, sandboxFor, signIn, upstream } from './helpers.ts'

const clock = manualClock()
const sandbox = await sandboxFor(t, { now: clock.now })
const sg = sandbox.regions.sg.url
const us = sandbox.regions.us.url
const PHONE = RESET_ACCOUNT.phone.number
const NEW_PASSWORD = 'Fresh-Start42'
const MINUTE = 60_000

t.beforeEach(async () => {
  await admin(sg, 'POST', '/reset')
})

const outbox = (to: string, kind: OutboxKind) => outboxOf(sg, to, kind)
const linkId = async () => linkFragmentId(await lastLink(sg, RESET_ACCOUNT.email, 'reset-link'))
const textedCode = () => lastCode(sg, PHONE, 'reset-code')

t.test('sendResetEmail › e-mail codes, then one link per request in the outbox', async (t) => {
  const path = '/basic-login/account/sendResetEmail'
  t.equal((await upstream(t, sg, path, {})).retCode, '700077', 'no e-mail')
  t.equal((await upstream(t, sg, path, { email: 'nope' })).retCode, '700078', 'malformed')
  const sent = await upstream(t, sg, path, { email: RESET_ACCOUNT.email }, { headers: { language: 'zh' } })
  t.equal(sent.retCode, '000000')
  const [message] = await outbox(RESET_ACCOUNT.email, 'reset-link')
  t.match(message, { to: RESET_ACCOUNT.email, kind: 'reset-link', subject: '重置密码' })
  t.match(message?.link, /^\/auth\/reset\?language=zh#id=[\w-]{32}$/, 'a link to the reset page, in Chinese')
  t.equal(message?.sentAt, new Date(clock.now()).toISOString(), 'stamped by the sandbox clock')
})

t.test('sendResetEmail › unknown and known addresses get the same answers', async (t) => {
  const path = '/basic-login/account/sendResetEmail'
  const known = { email: RESET_ACCOUNT.email }
  const unknown = { email: 'nobody@sandbox.test' }
  const first = [await upstream(t, sg, path, known), await upstream(t, sg, path, unknown)]
  t.same(first[0], first[1], 'first request')
  const again = [await upstream(t, sg, path, known), await upstream(t, sg, path, unknown)]
  t.equal(again[0]?.retCode, '700631', 'again within a minute')
  t.same(again[0], again[1])
  t.same(await outbox('nobody@sandbox.test', 'reset-link'), [], 'nothing is sent to an unknown address')
})

t.test('700631 within a minute, 700605 after 5 requests in 24 hours', async (t) => {
  const path = '/basic-login/account/sendResetEmail'
  const body = { email: RESET_ACCOUNT.email }
  const answers: string[] = []
  for (let i = 0; i < 5; i++) {
    answers.push((await upstream(t, sg, path, body)).retCode)
    clock.advance(30_000)
    answers.push((await upstream(t, sg, path, body)).retCode)
    clock.advance(31_000)
  }
  t.same(answers, Array(5).fill(['000000', '700631']).flat(), 'five sent, each repeat within a minute 700631')
  const limited = await upstream(t, sg, path, body)
  t.equal(limited.retCode, '700605', 'the sixth in 24 hours')
  t.match(limited.retMsg, /at most 5/)
  // The text path counts per number: the e-mails used up do not stop it, nor tell whose it is.
  const sms = await upstream(t, sg, '/basic-login/sendSmsRandomCode/4', { areaCode: '86', phone: PHONE })
  t.equal(sms.retCode, '000000', 'the number has its own count')
  clock.advance(24 * 60 * MINUTE)
  t.equal((await upstream(t, sg, path, body)).retCode, '000000', 'a day later it works again')
  t.equal((await outbox(RESET_ACCOUNT.email, 'reset-link')).length, 6)
})

t.test(
  'sendSmsRandomCode (L4) › an owner’s number answers like any other right after an e-mail',
  async (t) => {
    const send = (phone: string) =>
      upstream(t, sg, '/basic-login/sendSmsRandomCode/4', { areaCode: '86', phone })
    await upstream(t, sg, '/basic-login/account/sendResetEmail', { email: RESET_ACCOUNT.email })
    const owners = await send(PHONE)
    const strangers = await send('13900000000')
    t.same(owners, strangers, 'same answer for the account’s number and an unknown one')
    t.equal(owners.retCode, '000000')
  },
)

t.test('a link: check, set the new password once, old sessions end, no sign-in', async (t) => {
  const token = await signIn(t, sg, RESET_ACCOUNT)
  await upstream(t, sg, '/basic-login/account/sendResetEmail', { email: RESET_ACCOUNT.email })
  const id = await linkId()
  const check = await upstream(t, sg, `/basic-login/account/checkResetPwdLink/${id}`)
  t.equal(check.retCode, '000000')
  t.equal(check.item.email, RESET_ACCOUNT.email)

  const set = `/basic-login/account/resetServiceNewPwd/${id}`
  t.equal((await upstream(t, sg, set, { password: 'short' })).retCode, '700054', 'password rule')
  t.equal(
    (await upstream(t, sg, set, { password: NEW_PASSWORD, confirmPassword: 'Other-Pass42' })).retCode,
    '700001',
    'confirmation differs',
  )
  t.equal(
    (await upstream(t, sg, set, { password: RESET_ACCOUNT.password })).retCode,
    '700490',
    'same as the current password',
  )
  const done = await upstream(t, sg, set, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
  t.equal(done.retCode, '000000')
  t.notOk('token' in done.item, 'a reset signs nobody in')
  t.equal((await upstream(t, sg, set, { password: 'Another-Pass42' })).retCode, '700125', 'single use')
  t.equal((await upstream(t, sg, `/basic-login/account/checkResetPwdLink/${id}`)).retCode, '700125')

  const consoleLogin = await upstream(t, sg, '/basic-login/account/consoleLogin', undefined, {
    headers: { authorization: `Bearer ${token}` },
  })
  t.equal(consoleLogin.retCode, '999999', 'the session from before the reset has ended')
  await signIn(t, sg, { email: RESET_ACCOUNT.email, password: NEW_PASSWORD })
  const old = await upstream(t, sg, '/basic-login/serviceLoginNew/4', {
    email: RESET_ACCOUNT.email,
    password: RESET_ACCOUNT.password,
  })
  t.equal(old.retCode, '700211', 'the old password no longer works')
})

t.test('a link expires after 10 minutes; a newer link replaces it', async (t) => {
  const path = '/basic-login/account/sendResetEmail'
  await upstream(t, sg, path, { email: RESET_ACCOUNT.email })
  const first = await linkId()
  clock.advance(2 * MINUTE)
  await upstream(t, sg, path, { email: RESET_ACCOUNT.email })
  const second = await linkId()
  t.equal((await upstream(t, sg, `/basic-login/account/checkResetPwdLink/${first}`)).retCode, '700125')
  t.equal((await upstream(t, sg, `/basic-login/account/checkResetPwdLink/${second}`)).retCode, '000000')
  clock.advance(10 * MINUTE)
  t.equal((await upstream(t, sg, `/basic-login/account/checkResetPwdLink/${second}`)).retCode, '700125')
  t.equal((await upstream(t, sg, '/basic-login/account/checkResetPwdLink/made-up')).retCode, '700125')
})

t.test('a texted code: check, wrong tries, expiry, set the password', async (t) => {
  const send = '/basic-login/sendSmsRandomCode/4'
  t.equal((await upstream(t, sg, send, { phone: '12' })).retCode, '700073', 'not a phone number')
  t.equal((await upstream(t, sg, send, { areaCode: '86', phone: PHONE })).retCode, '000000')
  const code = await textedCode()
  t.match(code, /^\d{6}$/)
  const check = '/basic-login/account/checkFindPwd'
  const wrong = code === '000000' ? '111111' : '000000'
  t.equal((await upstream(t, us, check, { account: PHONE, code: wrong })).retCode, '700203', 'wrong code')
  t.equal((await upstream(t, us, check, { account: PHONE, code })).retCode, '000000', 'any region server')

  const set = '/basic-login/setServiceNewPwd/4'
  t.equal(
    (await upstream(t, sg, set, { account: PHONE, code: wrong, password: NEW_PASSWORD })).retCode,
    '700125',
    'only with the checked code',
  )
  t.equal(
    (await upstream(t, sg, set, { account: PHONE, code, password: RESET_ACCOUNT.password })).retCode,
    '700490',
  )
  const done = await upstream(t, sg, set, {
    account: PHONE,
    code,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  })
  t.equal(done.retCode, '000000')
  t.equal((await upstream(t, sg, set, { account: PHONE, code, password: 'Again-Pass42' })).retCode, '700125')

  clock.advance(MINUTE)
  await upstream(t, sg, send, { areaCode: '86', phone: PHONE })
  clock.advance(5 * MINUTE)
  const late = await upstream(t, sg, check, { account: PHONE, code: await textedCode() })
  t.equal(late.retCode, '700125', 'a code lives 5 minutes')
})

t.test('five wrong codes wear a code out; unknown numbers answer like known ones', async (t) => {
  const send = '/basic-login/sendSmsRandomCode/4'
  const check = '/basic-login/account/checkFindPwd'
  await upstream(t, sg, send, { areaCode: '86', phone: PHONE })
  await upstream(t, sg, send, { areaCode: '86', phone: '13900000000' })
  const code = await textedCode()
  const wrong = code === '000000' ? '111111' : '000000'
  const tries: { known: unknown; unknown: unknown }[] = []
  for (let i = 0; i < 5; i++) {
    const known = await upstream(t, sg, check, { account: PHONE, code: wrong })
    const unknown = await upstream(t, sg, check, { account: '13900000000', code: wrong })
    tries.push({ known, unknown })
  }
  t.same(
    tries.filter((answer) => JSON.stringify(answer.known) !== JSON.stringify(answer.unknown)),
    [],
    'five wrong tries: known and unknown numbers answer alike',
  )
  t.equal((await upstream(t, sg, check, { account: PHONE, code })).retCode, '700125', 'worn out')
  t.same(await outbox('13900000000', 'reset-code'), [], 'nothing texted to an unknown number')
})

t.test('resetNewPwd › signed-in change: old password, rule, other sessions end', async (t) => {
  const path = '/basic-login/account/resetNewPwd'
  t.equal((await upstream(t, sg, path, { oldPassword: 'x', password: NEW_PASSWORD })).retCode, '999999')
  const other = await signIn(t, sg, RESET_ACCOUNT)
  const mine = await signIn(t, sg, RESET_ACCOUNT)
  const auth = { headers: { authorization: `Bearer ${mine}` } }
  t.equal(
    (await upstream(t, sg, path, { oldPassword: 'Wrong-Pass42', password: NEW_PASSWORD }, auth)).retCode,
    '700211',
  )
  t.equal(
    (await upstream(t, sg, path, { oldPassword: RESET_ACCOUNT.password, password: 'weak' }, auth)).retCode,
    '700054',
  )
  const same = { oldPassword: RESET_ACCOUNT.password, password: RESET_ACCOUNT.password }
  t.equal((await upstream(t, sg, path, same, auth)).retCode, '700490')
  const changed = await upstream(
    t,
    sg,
    path,
    { oldPassword: RESET_ACCOUNT.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    auth,
  )
  t.equal(changed.retCode, '000000')
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
  t.equal(
    (await upstream(t, sg, '/tokens/getToken', undefined, bearer(mine))).retCode,
    '000000',
    'this session stays',
  )
  t.equal(
    (await upstream(t, sg, '/tokens/getToken', undefined, bearer(other))).retCode,
    '999999',
    'the other ended',
  )
})

t.test('updateAgentLanguage › JSON en or zh for the signed-in agent', async (t) => {
  const path = '/basic-public/agent/updateAgentLanguage'
  t.equal(
    (await upstream(t, sg, path, { language: 'zh' }, { json: true })).retCode,
    '999999',
    'needs a token',
  )
  const token = await signIn(t, sg, RESET_ACCOUNT)
  const auth = { json: true, headers: { authorization: `Bearer ${token}` } }
  t.equal((await upstream(t, sg, path, { language: 'fr' }, auth)).retCode, '700203', 'only en or zh')
  t.equal((await upstream(t, sg, path, { language: 'zh' }, auth)).retCode, '000000')
  const account = (await (await admin(sg, 'GET', `/accounts/${RESET_ACCOUNT.email}`)).json()) as {
    agentLanguage: string
  }
  t.equal(account.agentLanguage, 'zh')
})

t.test('POST /__sandbox/accounts › a throwaway account that signs in', async (t) => {
  const created = await admin(sg, 'POST', '/accounts', {
    email: 'Temp@Sandbox.test',
    password: NEW_PASSWORD,
    phone: { areaCode: '65', number: '91234567' },
  })
  t.equal(created.status, 201)
  t.equal(
    (await admin(sg, 'POST', '/accounts', { email: 'temp@sandbox.test', password: NEW_PASSWORD })).status,
    409,
  )
  t.equal((await admin(sg, 'POST', '/accounts', { email: 'x@sandbox.test', password: 'weak' })).status, 400)
  await signIn(t, sg, { email: 'temp@sandbox.test', password: NEW_PASSWORD })
  await admin(sg, 'POST', '/reset')
  t.equal((await admin(sg, 'GET', '/accounts/temp@sandbox.test')).status, 404, 'gone after a reset')
})

t.test('POST /__sandbox/accounts › captchaAfter: its own captcha rule, shared with no fixture', async (t) => {
  const email = 'captcha-own@sandbox.test'
  t.equal(
    (await admin(sg, 'POST', '/accounts', { email, password: NEW_PASSWORD, captchaAfter: 0 })).status,
    201,
  )
  const asked = await upstream(t, sg, '/basic-login/getServiceLoginWrongTimes/4', { email })
  t.equal(asked.item.captchaRequired, true, 'from the first try')
  const without = await upstream(t, sg, '/basic-login/serviceLoginNew/4', { email, password: NEW_PASSWORD })
  t.equal(without.retCode, '700112', 'no captcha: refused')
  const plain = 'plain-own@sandbox.test'
  await admin(sg, 'POST', '/accounts', { email: plain, password: NEW_PASSWORD })
  const none = await upstream(t, sg, '/basic-login/getServiceLoginWrongTimes/4', { email: plain })
  t.equal(none.item.captchaRequired, undefined, 'without it: never asked')
  t.equal(
    (
      await admin(sg, 'POST', '/accounts', {
        email: 'x2@sandbox.test',
        password: NEW_PASSWORD,
        captchaAfter: 99,
      })
    ).status,
    400,
  )
  await admin(sg, 'POST', '/reset')
})

t.test('POST /__sandbox/clock › links age on the sandbox clock; a reset puts the clock back', async (t) => {
  await upstream(t, sg, '/basic-login/account/sendResetEmail', { email: RESET_ACCOUNT.email })
  const id = await linkId()
  const moved = await admin(sg, 'POST', '/clock', { advanceMs: 10 * MINUTE })
  t.equal(moved.status, 200)
  t.equal(((await moved.json()) as { offsetMs: number }).offsetMs, 10 * MINUTE)
  t.equal((await upstream(t, sg, `/basic-login/account/checkResetPwdLink/${id}`)).retCode, '700125')
  t.equal((await admin(sg, 'POST', '/clock', { advanceMs: -1 })).status, 400, 'only forward')
  await admin(sg, 'POST', '/reset')
  await upstream(t, sg, '/basic-login/account/sendResetEmail', { email: RESET_ACCOUNT.email })
  const [message] = await outbox(RESET_ACCOUNT.email, 'reset-link')
  t.equal(message?.sentAt, new Date(clock.now()).toISOString(), 'the offset is gone after a reset')
})
