import t, { type Test } from 'tap'
import type { Topology } from '../../../config/index.ts'
import { TEN_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { FORWARD_PATH, UpstreamClient } from '../../../server/upstream/client.server.ts'
import { UpstreamError } from '../../../server/upstream/errors.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { cookieHeader, fileSandbox, SAME_ORIGIN, sessionCookieOf, signInStep } from '../../helper.ts'
import { timersArmedDuring } from '../../support/timers.ts'
import {
  apiPost,
  appWithUpstreams,
  armFault,
  clearFault,
  clearRequests,
  type LoggedRequest,
  plainTopology,
  requestLog,
} from './harness.ts'

/** The sg server hosts the forwarder (docs/sandbox.md); the ten server is only reached through it. */
const { sandbox, sg } = await fileSandbox(t)
const ten = sandbox.regions.ten.url
const tenHost = new URL(sandbox.environments.ten.url).host

/** A read-only page row through /api (the sign-in's rows are flow-only), for a free address: 000000. */
const EMAIL_CHECK = '/api/basic-login/registerEmailCheck/4'
const FREE_EMAIL = 'forward-free@trial.example'

t.equal(sandbox.forwarderUrl, sg, 'the forwarder lives on the sg server')

const forwardCalls = async () => (await requestLog(sg)).filter((entry) => entry.url === FORWARD_PATH)

/** Empties the request logs of the forwarder's server (sg) and of the ten server. */
const clearBothLogs = () => Promise.all([clearRequests(sg), clearRequests(ten)])

/** The calls the ten server received (they can only have come from the forwarder). */
const tenCalls = async () => requestLog(ten)

/**
 * A topology in which `ten` (forward mode) is the only region, so the BFF's pre-sign-in calls go to
 * the `ten` environment and thus through the forwarder.
 */
function tenOnly(adjust?: (topology: Topology) => void): Topology {
  const topology = plainTopology(sandbox)
  topology.regions = { ten: { defaultEnvironment: 'ten' } }
  adjust?.(topology)
  return topology
}

function client(t: Test, timeoutMs = 5000) {
  const upstream = new UpstreamClient({ topology: plainTopology(sandbox), timeoutMs })
  t.teardown(() => upstream.close())
  return upstream
}

/** The ten account's password sign-in, called on the ten environment (so through the forwarder). */
const tenSignIn = (upstream: UpstreamClient, language: 'en' | 'zh') =>
  upstream.call({
    environment: 'ten',
    path: '/basic-login/serviceLoginNew/4',
    method: 'POST',
    body: { email: TEN_ACCOUNT.email, password: TEN_ACCOUNT.password },
    language,
  })

function only(t: Test, entries: LoggedRequest[], what: string): LoggedRequest {
  t.equal(entries.length, 1, `exactly one ${what}`)
  return entries[0] ?? ({} as LoggedRequest)
}

t.test('UpstreamClient › the ten environment is called through the forwarder', async (t) => {
  const upstream = client(t)
  const answer = await tenSignIn(upstream, 'zh')
  t.equal(answer.retCode, '000000', 'the forwarded sign-in succeeded on the ten server')
  t.match(answer.item, { token: /^sbx_/, email: TEN_ACCOUNT.email }, 'the inner envelope is unwrapped')
  t.same(answer.items, [])

  const wrapper = only(t, await forwardCalls(), 'forward call on the sg server')
  t.match(wrapper, {
    method: 'POST',
    headers: { 'content-type': /^application\/json/, language: 'zh' },
    body: {
      url: '/basic-login/serviceLoginNew/4',
      method: 'POST',
      domain: tenHost,
      env: 'ten',
      contentType: 'form-data',
      payload: { email: TEN_ACCOUNT.email, password: '***' },
    },
  })
  const sgDirect = (await requestLog(sg)).filter((entry) => entry.url !== FORWARD_PATH)
  t.same(sgDirect, [], 'the sg server got nothing but the forward call')

  const inner = only(t, await tenCalls(), 'inner call on the ten server')
  t.match(inner, {
    method: 'POST',
    url: '/basic-login/serviceLoginNew/4',
    headers: { language: 'zh', 'content-type': 'application/x-www-form-urlencoded' },
    body: { email: TEN_ACCOUNT.email, password: '***' },
    status: 200,
  })
})

t.test('UpstreamClient › forward mode carries json, GET payloads and the bearer token', async (t) => {
  const upstream = client(t)
  const signedIn = await tenSignIn(upstream, 'en')
  const token = String(signedIn.item.token)
  await clearBothLogs()

  const json = await upstream.call({
    environment: 'ten',
    path: '/tokens/getToken',
    method: 'POST',
    body: { note: 'x' },
    json: true,
    language: 'en',
    bearerToken: token,
  })
  t.equal(json.retCode, '000000', 'the bearer token reached the ten server and was valid there')
  t.match(only(t, await forwardCalls(), 'forward call'), {
    headers: { authorization: 'Bearer ***', language: 'en' },
    body: {
      url: '/tokens/getToken',
      method: 'POST',
      env: 'ten',
      contentType: 'json',
      payload: { note: 'x' },
    },
  })
  t.match(only(t, await tenCalls(), 'inner call'), {
    url: '/tokens/getToken',
    headers: { authorization: 'Bearer ***', language: 'en', 'content-type': /^application\/json/ },
    body: { note: 'x' },
    auth: { scheme: 'Bearer', valid: true, email: TEN_ACCOUNT.email, environment: 'ten' },
  })

  await clearBothLogs()
  const get = await upstream.call({
    environment: 'ten',
    path: '/basic-login/loginEmailCheck/4',
    method: 'GET',
    query: { email: TEN_ACCOUNT.email, page: '2' },
    language: 'en',
  })
  t.equal(get.retCode, '999999', 'the sandbox has no GET endpoints: its 404 envelope passes through')
  t.match(only(t, await forwardCalls(), 'forward call'), {
    body: { method: 'GET', payload: { email: TEN_ACCOUNT.email, page: '2' } },
  })
  const inner = only(t, await tenCalls(), 'inner call')
  t.equal(inner.method, 'GET')
  t.match(inner.url, /^\/basic-login\/loginEmailCheck\/4\?/)
  t.match(inner.url, /page=2/)
  t.match(inner.url, /email=ten%40sandbox\.test/)
})

t.test('UpstreamClient › an inner 5xx or non-JSON answer is a fault, not an envelope', async (t) => {
  const upstream = client(t)
  const request = {
    environment: 'ten',
    path: '/basic-login/loginEmailCheck/4',
    method: 'POST',
    body: { email: TEN_ACCOUNT.email },
    language: 'en',
  } as const
  await armFault(ten, { status: 503 })
  await t.rejects(upstream.call(request), {
    name: 'UpstreamError',
    failure: 'badStatus',
    upstreamStatus: 503,
  })
  await armFault(ten, { garbage: true })
  const garbage = await upstream.call(request).catch((error: unknown) => error)
  t.ok(garbage instanceof UpstreamError && garbage.failure === 'badBody' && garbage.httpStatus === 502)
  await clearFault(ten)
  t.equal((await upstream.call(request)).retCode, '000000', 'and the next call is fine')
})

t.test('/api proxy › a ten environment that does not answer in time gives 504 at the time-out', async (t) => {
  const timeoutMs = 1500
  const { app } = await appWithUpstreams(t, tenOnly(), { UPSTREAM_TIMEOUT_MS: String(timeoutMs) })
  // A minute: a 504 before it can only be the BFF's time-out (tap's per-test time-out guards a hang).
  await armFault(ten, { delayMs: 60_000 })
  const { result: response, armedMs } = await timersArmedDuring(() =>
    apiPost(app, `${EMAIL_CHECK}?language=zh`, { email: FREE_EMAIL }),
  )
  t.equal(response.statusCode, 504, response.body)
  t.same(response.json(), {
    retCode: '504',
    retMsg: i18nFor('zh').t('errors:upstreamTimeout'),
    item: {},
    items: [],
  })
  t.ok(armedMs.includes(timeoutMs), `the BFF armed its own ${timeoutMs} ms time-out (armed: ${armedMs})`)
  const inner = only(t, await tenCalls(), 'inner call')
  t.match(inner, { fault: /delay/ }, 'the forwarder was waiting on ten')
  t.equal(inner.status, undefined, 'ten had not answered yet: the BFF gave up at its time-out')
})

t.test('a ten account signs in through the sign-in flow in forward mode', async (t) => {
  const { app } = await appWithUpstreams(t, tenOnly())
  const started = await signInStep(app, 'email', { email: TEN_ACCOUNT.email }, { query: '?language=zh' })
  t.equal(started.response.json().retCode, '000000', started.response.body)
  const signedIn = await signInStep(
    app,
    'password',
    { password: TEN_ACCOUNT.password },
    { cookie: started.cookie, query: '?language=zh' },
  )
  const response = signedIn.response
  t.equal(response.statusCode, 200, response.body)
  t.equal(response.json().retCode, '000000')
  t.notMatch(response.body, /sbx_/, 'the token stays out of the JSON')
  const cookie = sessionCookieOf(response)
  t.ok(cookie, 'a session starts')

  // After a sign-in the agent's language goes upstream too (issue 18 point 4), the same way.
  const forwarded = await forwardCalls()
  const innerUrl = (entry: LoggedRequest) => (entry.body as { url?: unknown } | undefined)?.url
  t.ok(
    forwarded.some((entry) => innerUrl(entry) === '/basic-public/agent/updateAgentLanguage'),
    'the agent language update is forwarded as well',
  )
  const signIns = forwarded.filter((entry) => innerUrl(entry) === '/basic-login/account/consoleLogin')
  t.match(only(t, signIns, 'forward call of the sign-in'), {
    method: 'POST',
    headers: { language: 'zh', 'content-type': /^application\/json/ },
    body: {
      url: '/basic-login/account/consoleLogin',
      method: 'POST',
      domain: tenHost,
      env: 'ten',
      contentType: 'form-data',
      payload: { email: TEN_ACCOUNT.email, password: '***' },
    },
  })
  const innerSignIns = (await tenCalls()).filter((entry) => entry.url === '/basic-login/account/consoleLogin')
  t.match(only(t, innerSignIns, 'inner call of the sign-in'), {
    url: '/basic-login/account/consoleLogin',
    headers: { language: 'zh' },
    status: 200,
  })

  // The session remembers `ten`: a session-only call goes the same way, with the bearer token.
  await clearBothLogs()
  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/tokens/getToken',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie), language: 'en' },
    payload: {},
  })
  t.equal(refreshed.statusCode, 200, refreshed.body)
  t.equal(refreshed.json().retCode, '000000', 'the ten server accepted the token it issued')
  const wrapper = only(t, await forwardCalls(), 'forward call')
  t.match(wrapper, {
    headers: { authorization: 'Bearer ***' },
    body: { url: '/tokens/getToken', env: 'ten' },
  })
  t.notOk('cookie' in wrapper.headers, 'the browser cookie does not reach the forwarder')
  t.notOk('x-requested-with' in wrapper.headers, 'nor the CSRF header')
  const inner = only(t, await tenCalls(), 'inner call')
  t.match(inner, {
    url: '/tokens/getToken',
    headers: { authorization: 'Bearer ***', language: 'en' },
    auth: { valid: true, email: TEN_ACCOUNT.email, environment: 'ten' },
  })
  t.notOk('cookie' in inner.headers)
})

t.test(
  '/api proxy › a non-success retCode through the forwarder passes through as the envelope',
  async (t) => {
    const { app } = await appWithUpstreams(t, tenOnly())
    const started = await signInStep(app, 'email', { email: TEN_ACCOUNT.email }, { query: '?language=zh' })
    const { response: wrong } = await signInStep(
      app,
      'password',
      { password: 'Wrong-Password1' },
      { cookie: started.cookie, query: '?language=zh' },
    )
    t.equal(wrong.statusCode, 200)
    t.match(wrong.json(), {
      retCode: '700211',
      retMsg: /[\u4e00-\u9fff]/,
      item: { wrongTimes: 1 },
      items: [],
    })

    // The forwarder's own refusal (here: an env it does not know) means nothing was delivered:
    // a localised 502 like any other unreachable upstream, never the forwarder's raw text.
    await clearBothLogs()
    const { app: misconfigured } = await appWithUpstreams(
      t,
      tenOnly((topology) => {
        const environment = topology.environments.ten
        if (environment?.forwarder) environment.forwarder.env = 'mars'
      }),
    )
    const refused = await apiPost(misconfigured, EMAIL_CHECK, { email: FREE_EMAIL })
    t.equal(refused.statusCode, 502)
    t.match(refused.json(), { retCode: '502', item: {}, items: [] })
    t.notMatch(refused.json().retMsg, /mars|UND_ERR/, 'no forwarder internals reach the page')
    t.match(only(t, await forwardCalls(), 'forward call'), { body: { env: 'mars' } })
    t.same(await tenCalls(), [], 'nothing reached the ten server')
  },
)

t.test('/api proxy › an inner 5xx, an inner non-JSON body or a failing forwarder give 502', async (t) => {
  const { app } = await appWithUpstreams(t, tenOnly())
  const en = i18nFor('en').t
  const cases: Array<{ server: string; fault: Record<string, unknown>; what: string }> = [
    { server: ten, fault: { status: 503 }, what: 'inner HTTP 503' },
    { server: ten, fault: { status: 500 }, what: 'inner HTTP 500' },
    { server: ten, fault: { garbage: true }, what: 'inner non-JSON body' },
    { server: sg, fault: { status: 502 }, what: 'the forwarder itself answers 502' },
    { server: sg, fault: { reset: true }, what: 'the forwarder resets the connection' },
  ]
  for (const { server, fault, what } of cases) {
    await armFault(server, fault)
    const response = await apiPost(app, EMAIL_CHECK, { email: FREE_EMAIL })
    t.equal(response.statusCode, 502, `${what}: ${response.body}`)
    t.same(
      response.json(),
      { retCode: '502', retMsg: en('errors:upstreamUnavailable'), item: {}, items: [] },
      what,
    )
    await clearFault(server)
  }
  const fine = await apiPost(app, EMAIL_CHECK, { email: FREE_EMAIL })
  t.equal(fine.json().retCode, '000000', 'once the faults are gone, forward mode works again')
})
