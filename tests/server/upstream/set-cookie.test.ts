import type { AddressInfo } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import Fastify, { type FastifyInstance } from 'fastify'
import t, { type Test } from 'tap'
import type { Topology } from '../../../config/index.ts'
import { SESSION_COOKIE } from '../../../server/plugins/app/session.server.ts'
import { FORWARD_PATH } from '../../../server/upstream/client.server.ts'
import { cookieHeader, SAME_ORIGIN, sessionCookieOf, signInStep } from '../../helper.ts'
import { apiPost, appWithUpstreams } from './harness.ts'

const UPSTREAM_TOKEN = 'tiny_upstream_token_4f1c'
/** What the tiny upstream tries to plant in the browser, and extra headers it tries to leak. */
const UPSTREAM_COOKIES = [
  'upstream_sid=leaked-session; Path=/; HttpOnly',
  `token=${UPSTREAM_TOKEN}; Path=/`,
  'JSESSIONID=abc123; Domain=example.com; Path=/',
]

interface Seen {
  url: string
  headers: Record<string, unknown>
}

/** A tiny upstream that answers the envelope and sets cookies on every answer, good or bad. */
async function tinyUpstream(t: Test): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const upstream: FastifyInstance = Fastify()
  upstream.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  )
  upstream.addHook('onRequest', async (request, reply) => {
    seen.push({ url: request.url, headers: { ...request.headers } })
    reply.header('set-cookie', UPSTREAM_COOKIES)
    reply.header('x-upstream-node', 'sg-k8s-pod-7')
    reply.header('www-authenticate', 'Bearer realm="upstream"')
  })
  const envelope = (item: Record<string, unknown>) => ({
    retCode: '000000',
    retMsg: 'success',
    item,
    items: [],
  })
  upstream.post('/basic-login/registerEmailCheck/4', async () => envelope({ email: 'a@b.test' }))
  // The sign-in flow's calls (its e-mail step, then the password).
  upstream.post('/basic-login/loginEmailCheck/4', async () => envelope({ email: 'a@b.test' }))
  upstream.post('/basic-login/getAllEnvDomain', async () => envelope({}))
  upstream.post('/basic-login/getServiceLoginWrongTimes/4', async () => envelope({ captchaRequired: false }))
  upstream.post('/basic-login/account/consoleLogin', async () =>
    envelope({ token: UPSTREAM_TOKEN, email: 'a@b.test', expiresIn: 7200 }),
  )
  upstream.post('/tokens/getToken', async () => envelope({ token: `${UPSTREAM_TOKEN}_2` }))
  upstream.post('/basic-login/initSgGeetestInfo/4', async (_request, reply) =>
    reply.code(503).send({ code: '999999', message: 'down' }),
  )
  // Forward mode: the forwarder itself sets cookies too; the inner answer is a plain envelope.
  upstream.post(FORWARD_PATH, async () =>
    envelope({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(envelope({ email: 'a@b.test' })),
    }),
  )
  await upstream.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => upstream.close())
  return { url: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`, seen }
}

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie']
  return header === undefined ? [] : Array.isArray(header) ? header : [header]
}

/** Only the BFF's own session cookie may be set; nothing the upstream said reaches the browser. */
function assertNoUpstreamHeaders(t: Test, response: LightMyRequestResponse, what: string) {
  for (const cookie of setCookies(response)) {
    t.ok(cookie.startsWith(`${SESSION_COOKIE}=`), `${what}: only the BFF's own cookie is set (${cookie})`)
  }
  const all = JSON.stringify(response.headers)
  t.notMatch(all, /upstream_sid|JSESSIONID|leaked-session|tiny_upstream_token/, `${what}: no upstream cookie`)
  t.notOk(response.headers['x-upstream-node'], `${what}: no other upstream header`)
  t.notOk(response.headers['www-authenticate'], `${what}: no upstream auth challenge`)
  t.notMatch(response.body, /tiny_upstream_token/, `${what}: no token in the body`)
}

t.test('/api proxy › upstream Set-Cookie never reaches the browser, in any kind of answer', async (t) => {
  const tiny = await tinyUpstream(t)
  const topology: Topology = {
    environments: { 'sg-k8s': { region: 'sg', upstream: tiny.url } },
    regions: { sg: { defaultEnvironment: 'sg-k8s' } },
  }
  const { app } = await appWithUpstreams(t, topology)

  const check = await apiPost(app, '/api/basic-login/registerEmailCheck/4', { email: 'a@b.test' })
  t.equal(check.statusCode, 200, check.body)
  t.equal(check.json().retCode, '000000', 'the tiny upstream was called')
  assertNoUpstreamHeaders(t, check, 'a plain answer')

  // The sign-in's rows are flow-only: its steps make the upstream calls, and answer the same way.
  const started = await signInStep(app, 'email', { email: 'a@b.test' })
  t.equal(started.response.json().retCode, '000000', started.response.body)
  assertNoUpstreamHeaders(t, started.response, 'a sign-in step')
  const login = await signInStep(app, 'password', { password: 'Sandbox-Demo1' }, { cookie: started.cookie })
  t.equal(login.response.statusCode, 200, login.response.body)
  t.equal(login.response.json().retCode, '000000', login.response.body)
  assertNoUpstreamHeaders(t, login.response, 'a sign-in answer')
  const session = login.cookie
  t.ok(sessionCookieOf(login.response), 'the BFF set its own session cookie')

  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/tokens/getToken',
    headers: {
      ...SAME_ORIGIN,
      cookie: `${cookieHeader(session).cookie}; upstream_sid=from-browser; theme=dark`,
    },
    payload: {},
  })
  t.equal(refreshed.statusCode, 200, refreshed.body)
  assertNoUpstreamHeaders(t, refreshed, 'a session call')
  const getToken = tiny.seen.find((entry) => entry.url === '/tokens/getToken')
  t.equal(getToken?.headers.authorization, `Bearer ${UPSTREAM_TOKEN}`, 'the sealed token went upstream')
  t.notOk(getToken?.headers.cookie, 'the browser cookies did not go upstream')

  const failed = await apiPost(app, '/api/basic-login/initSgGeetestInfo/4', {})
  t.equal(failed.statusCode, 502, 'an upstream 5xx')
  assertNoUpstreamHeaders(t, failed, 'an error answer')
})

t.test('/api proxy › a forwarder Set-Cookie never reaches the browser either', async (t) => {
  const tiny = await tinyUpstream(t)
  const topology: Topology = {
    environments: {
      ten: {
        region: 'ten',
        upstream: 'http://ten.invalid',
        forwarder: { url: tiny.url, env: 'ten', domain: 'ten.invalid' },
      },
    },
    regions: { ten: { defaultEnvironment: 'ten' } },
  }
  const { app } = await appWithUpstreams(t, topology)
  const response = await apiPost(app, '/api/basic-login/registerEmailCheck/4', { email: 'a@b.test' })
  t.equal(response.statusCode, 200, response.body)
  t.match(response.json(), { retCode: '000000', item: { email: 'a@b.test' } })
  t.equal(tiny.seen.at(-1)?.url, FORWARD_PATH, 'the call went through the (tiny) forwarder')
  assertNoUpstreamHeaders(t, response, 'a forwarded answer')
})
