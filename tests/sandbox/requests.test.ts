import t from 'tap'
import { DEMO_ACCOUNT, LOCKOUT_ACCOUNT } from '../../sandbox/index.ts'
import type { LoggedRequest } from '../../sandbox/requestLog.ts'
import { admin, call, sandboxFor, signIn, upstream } from './helpers.ts'

const sandbox = await sandboxFor(t)
const sg = sandbox.regions.sg.url

type Logged = LoggedRequest

async function requests(baseUrl = sg): Promise<Logged[]> {
  return ((await (await admin(baseUrl, 'GET', '/requests')).json()) as { requests: Logged[] }).requests
}

t.beforeEach(async () => {
  await admin(sg, 'POST', '/reset')
})

t.test('the log masks passwords, codes and tokens in bodies and query strings', async (t) => {
  await call(sg, '/basic-login/serviceLoginNew/4', {
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    verifyCode: '123456',
    code: '654321',
    tempToken: 'sbx_abc',
    language: 'en',
  })
  await call(sg, '/basic-login/account/sendVerifyCode/4?email=a%40b.c&password=c2VjcmV0', undefined, {
    method: 'GET',
  })
  await call(
    sg,
    '/basic-login/registerSgNew/4',
    { profile: { newPassword: 'Secret-123', firstName: 'Ann' }, codes: ['1', '2'] } as never,
    { json: true },
  )
  const [login, verify, nested] = await requests()
  t.match(login, {
    method: 'POST',
    url: '/basic-login/serviceLoginNew/4',
    body: {
      email: DEMO_ACCOUNT.email,
      password: '***',
      verifyCode: '***',
      code: '***',
      tempToken: '***',
      language: 'en',
    },
    status: 200,
    auth: null,
  })
  t.equal(verify?.url, '/basic-login/account/sendVerifyCode/4?email=a%40b.c&password=***')
  t.equal(verify?.status, 404, 'unimplemented paths are logged too')
  t.same(nested?.body, { profile: { newPassword: '***', firstName: 'Ann' }, codes: '***' })
  const raw = JSON.stringify(await requests())
  t.notMatch(raw, DEMO_ACCOUNT.password)
  t.notMatch(raw, 'Secret-123')
  t.notMatch(raw, '654321')
})

t.test('headers: Authorization keeps its scheme, Cookie is masked, the token is described', async (t) => {
  const token = await signIn(t, sg, DEMO_ACCOUNT)
  await call(sg, '/tokens/getToken', {}, { headers: { authorization: `Bearer ${token}`, cookie: 'sid=abc' } })
  await call(sg, '/tokens/getToken', {}, { headers: { authorization: 'Bearer sbx_forged' } })
  await call(sg, '/tokens/getToken', {})
  const [signInRequest, withToken, forged, bare] = await requests()
  t.notOk(signInRequest && 'authorization' in signInRequest.headers)
  t.equal(withToken?.headers.authorization, 'Bearer ***')
  t.equal(withToken?.headers.cookie, '***')
  t.same(withToken?.auth, { scheme: 'Bearer', valid: true, email: DEMO_ACCOUNT.email, environment: 'sg-k8s' })
  t.same(forged?.auth, { scheme: 'Bearer', valid: false })
  t.equal(bare?.auth, null)
  t.notOk(bare && 'cookie' in bare.headers, 'no Cookie header means no cookie entry')
  t.notMatch(JSON.stringify(await requests()), token)
})

t.test('faulted requests are logged with their fault', async (t) => {
  await admin(sg, 'PUT', '/faults', { status: 503, remaining: 1 })
  await call(sg, '/basic-login/loginEmailCheck/4', { email: DEMO_ACCOUNT.email })
  await admin(sg, 'PUT', '/faults', { reset: true, remaining: 1 })
  await call(sg, '/basic-login/loginEmailCheck/4', { email: DEMO_ACCOUNT.email }).catch(() => undefined)
  const [statusFault, resetFault] = await requests()
  t.match(statusFault, { fault: 'status 503', status: 503 })
  t.match(resetFault, { fault: 'reset', body: null })
  t.notOk(resetFault && 'status' in resetFault, 'a reset request has no status')
})

t.test('the log keeps the last 50 requests, per server, and can be cleared', async (t) => {
  for (let i = 0; i < 55; i++)
    await call(sg, `/basic-login/loginEmailCheck/4?n=${i}`, { email: DEMO_ACCOUNT.email })
  await fetch(`${sg}/healthz`)
  const logged = await requests()
  t.equal(logged.length, 50)
  t.equal(logged[0]?.url, '/basic-login/loginEmailCheck/4?n=5', 'oldest first')
  t.equal(logged.at(-1)?.url, '/basic-login/loginEmailCheck/4?n=54', 'healthz and admin calls are not logged')
  t.same(await requests(sandbox.regions.us.url), [], 'other servers have their own log')
  t.equal((await admin(sg, 'DELETE', '/requests')).status, 200)
  t.same(await requests(), [])
})

t.test('POST /__sandbox/reset restores the fixtures', async (t) => {
  const path = '/basic-login/serviceLoginNew/4'
  for (let i = 0; i < 5; i++)
    await upstream(t, sg, path, { email: LOCKOUT_ACCOUNT.email, password: 'Wrong-Pass1' })
  const locked = await upstream(t, sg, path, {
    email: LOCKOUT_ACCOUNT.email,
    password: LOCKOUT_ACCOUNT.password,
  })
  t.equal(locked.retCode, '700123')
  const reset = await admin(sandbox.regions.ten.url, 'POST', '/reset')
  t.same(await reset.json(), { reset: true })
  const after = await upstream(t, sg, path, {
    email: LOCKOUT_ACCOUNT.email,
    password: LOCKOUT_ACCOUNT.password,
  })
  t.equal(after.retCode, '000000', 'a reset on any server restores the shared fixtures')
  t.equal((await requests()).length, 1, 'and clears the request logs')
})

t.test('POST /__sandbox/reset?email= restores one account and leaves the others alone', async (t) => {
  const path = '/basic-login/serviceLoginNew/4'
  for (let i = 0; i < 5; i++)
    await upstream(t, sg, path, { email: LOCKOUT_ACCOUNT.email, password: 'Wrong-Pass1' })
  const other = await upstream(t, sg, path, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })
  const token = (other.item as { token?: string } | undefined)?.token
  t.ok(token, 'another test is signed in')
  const tokensBefore = (await (await admin(sg, 'GET', `/accounts/${DEMO_ACCOUNT.email}`)).json()) as {
    liveTokens: number
  }
  t.ok(tokensBefore.liveTokens > 0)

  const reset = await admin(sg, 'POST', `/reset?email=${encodeURIComponent(LOCKOUT_ACCOUNT.email)}`)
  t.same(await reset.json(), { reset: true, email: LOCKOUT_ACCOUNT.email })
  const after = await upstream(t, sg, path, {
    email: LOCKOUT_ACCOUNT.email,
    password: LOCKOUT_ACCOUNT.password,
  })
  t.equal(after.retCode, '000000', 'the lock of that account is gone')
  const tokensAfter = (await (await admin(sg, 'GET', `/accounts/${DEMO_ACCOUNT.email}`)).json()) as {
    liveTokens: number
  }
  t.equal(tokensAfter.liveTokens, tokensBefore.liveTokens, "the other account's session lives on")
  t.equal(
    (await admin(sg, 'POST', '/reset?email=nobody%40sandbox.test')).status,
    404,
    'unknown accounts are refused',
  )
})
