import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import t, { type Test } from 'tap'
import { loadConfig } from '../../config/index.ts'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts'
import { buildApp } from '../../server/app.ts'
import { sandboxTopology } from '../../server/sandbox-topology.ts'
import { ROOT, SAME_ORIGIN, sandboxRequests, sessionKey } from '../helper.ts'
import { admin } from '../sandbox/helpers.ts'
import { sampleOf } from '../support/metrics.ts'

/** One /api call that makes one upstream call (the sign-up's address check, a page row). */
const EMAIL_CHECK = '/api/basic-login/registerEmailCheck/4'

interface LogLine {
  msg: string
  reqId?: string
  level: number
}

/** The BFF over a real sandbox, its JSON log lines collected in `lines`. */
async function appWithLog(t: Test, env: Record<string, string> = {}, ssr = false) {
  const sandbox: RunningSandbox = await startSandbox()
  t.teardown(() => sandbox.close())
  const lines: LogLine[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text))
      done()
    },
  })
  const config = loadConfig({ NODE_ENV: 'test', SESSION_KEYS: sessionKey(3), ...env })
  const app: FastifyInstance = await buildApp({
    config,
    topology: sandboxTopology(sandbox),
    root: ROOT,
    ssr,
    logger: { level: 'info', stream },
  })
  t.teardown(() => app.close())
  await app.ready()
  return { app, sandbox, lines }
}

function apiCall(app: FastifyInstance, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: EMAIL_CHECK,
    headers: { ...SAME_ORIGIN, ...headers },
    payload: { email: DEMO_ACCOUNT.email },
  })
}

/** Injected requests come from 127.0.0.1: as from an ingress on that address. */
const INGRESS = { TRUST_PROXY: '127.0.0.1' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/

t.test(
  'request id › the ingress id is echoed, sent upstream and on every log line of the request',
  async (t) => {
    const { app, sandbox, lines } = await appWithLog(t, INGRESS)
    const sg = sandbox.regions.sg.url
    await admin(sg, 'PUT', '/faults', { status: 503, remaining: 1 })
    const id = 'f3a9c2d1e4b5a6978877665544332211'
    const response = await apiCall(app, { 'x-request-id': id })
    t.equal(response.statusCode, 502, 'the injected upstream fault answered')
    t.equal(response.headers['x-request-id'], id)

    const upstreamCall = (await sandboxRequests(sg)).find((logged) =>
      logged.url.includes('registerEmailCheck'),
    )
    t.equal(upstreamCall?.headers['x-request-id'], id, 'the upstream call carries the same id')

    const ofRequest = lines.filter((line) => line.reqId === id)
    t.ok(ofRequest.some((line) => line.msg === 'incoming request'))
    t.ok(
      ofRequest.some((line) => line.msg === 'upstream call failed'),
      'the failure line names the request',
    )
    t.ok(ofRequest.some((line) => line.msg === 'request completed'))
    const unlabelled = lines.filter((line) => /request|upstream/.test(line.msg) && line.reqId === undefined)
    t.same(unlabelled, [], 'no line about a request lacks its id')
  },
)

t.test('request id › generated when absent or unfit to log, and different per request', async (t) => {
  const { app, sandbox } = await appWithLog(t, INGRESS)
  const first = await apiCall(app)
  const second = await apiCall(app, { 'x-request-id': 'bad id\n{"forged":true}' })
  const tooLong = await apiCall(app, { 'x-request-id': 'a'.repeat(200) })
  const ids = [first, second, tooLong].map((response) => String(response.headers['x-request-id']))
  for (const id of ids) t.match(id, UUID)
  t.equal(new Set(ids).size, 3)
  // Each call makes one upstream call, with its id.
  const sent = (await sandboxRequests(sandbox.regions.sg.url)).map((logged) => logged.headers['x-request-id'])
  t.same(sent, ids, 'upstream got the generated ids')
})

t.test('request id › a client-chosen id is replaced unless a trusted proxy sent it', async (t) => {
  const chosen = 'c11e47c405e01234567890abcdef0123'
  for (const [label, env] of [
    ['no proxy trusted', {}],
    ['another address trusted', { TRUST_PROXY: '10.0.0.0/8,uniquelocal' }],
  ] as const) {
    const { app, sandbox, lines } = await appWithLog(t, env)
    const response = await apiCall(app, { 'x-request-id': chosen })
    const id = String(response.headers['x-request-id'])
    t.match(id, UUID, `${label}: a fresh id is echoed`)
    const sent = (await sandboxRequests(sandbox.regions.sg.url)).map(
      (logged) => logged.headers['x-request-id'],
    )
    t.same(sent, [id], `${label}: upstream gets the fresh id`)
    t.notOk(
      lines.some((line) => line.reqId === chosen),
      `${label}: no log line carries the client's id`,
    )
  }
  const { app } = await appWithLog(t, { TRUST_PROXY: 'loopback' })
  const viaIngress = await apiCall(app, { 'x-request-id': chosen })
  t.equal(viaIngress.headers['x-request-id'], chosen, 'kept when the peer is a trusted proxy')
  const direct = await app.inject({
    method: 'GET',
    url: '/healthz',
    remoteAddress: '203.0.113.9',
    headers: { 'x-request-id': chosen },
  })
  t.match(String(direct.headers['x-request-id']), UUID, 'replaced when the same app is reached directly')
})

t.test(
  'metrics › requests by route pattern, upstream by region and environment, 429s, page renders',
  async (t) => {
    const { app, sandbox } = await appWithLog(
      t,
      { RATE_LIMIT_SIGN_UP: '2/1m', REGION: 'us', GIT_REVISION: 'abc1234' },
      true,
    )
    t.equal((await apiCall(app)).statusCode, 200)
    await admin(sandbox.regions.sg.url, 'PUT', '/faults', { status: 503, remaining: 1 })
    t.equal((await apiCall(app)).statusCode, 502)
    t.equal((await apiCall(app)).statusCode, 429)
    t.equal((await app.inject('/auth/sign_in')).statusCode, 200)

    const text = await app.metrics.metrics()
    const sample = (name: string, labels: Record<string, string>) => sampleOf(text, name, labels)
    t.equal(
      sample('http_request_duration_seconds_count', { method: 'POST', route: '/api/*', status_code: '200' }),
      1,
    )
    t.equal(sample('http_request_duration_seconds_count', { route: '/api/*', status_code: '429' }), 1)
    t.equal(sample('rate_limit_refusals_total', { route: '/api/*' }), 1)
    const sgK8s = { upstream_region: 'sg', environment: 'sg-k8s' }
    t.equal(sample('upstream_request_duration_seconds_count', { ...sgK8s, outcome: 'answered' }), 1)
    t.equal(sample('upstream_request_duration_seconds_count', { ...sgK8s, outcome: 'failed' }), 1)
    t.equal(sample('upstream_errors_total', { ...sgK8s, failure: 'badStatus' }), 1)
    t.equal(sample('ssr_render_duration_seconds_count', { status_code: '200' }), 1)
    t.equal(sample('ssr_render_queue_wait_seconds_count', { outcome: 'rendered' }), 1)
    // The funnel names flows and endpoints from fixed lists (flow_steps_total); a route is a pattern.
    t.notMatch(text, /route="[^"]*(sign_in|registerEmailCheck)|basic-login/, 'raw URLs never become labels')

    // The release's region on every series, the build on one (issue 20 point 6).
    const series = text.split('\n').filter((line) => line && !line.startsWith('#'))
    t.ok(series.length > 10)
    t.same(
      series.filter((line) => !line.includes('region="us"')),
      [],
      'every series carries region="us" (REGION)',
    )
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
    t.equal(sampleOf(text, 'build_info', { version, revision: 'abc1234' }), 1)

    const onAppPort = await app.inject('/metrics')
    t.equal(onAppPort.statusCode, 404, 'the public port does not serve metrics (ADR 0045)')
  },
)

t.test('logs › probes log nothing at info; a failing probe logs at warn', async (t) => {
  const { app, lines } = await appWithLog(t)
  for (const probe of ['/healthz', '/readyz', '/healthz']) t.equal((await app.inject(probe)).statusCode, 200)
  const aboutProbes = () => lines.filter((line) => JSON.stringify(line).match(/\/(healthz|readyz)/))
  t.same(aboutProbes(), [], 'answered probes leave no line')
  t.equal((await apiCall(app)).statusCode, 200)
  t.ok(
    lines.some((line) => line.msg === 'incoming request' && line.level === 30),
    'other requests still log at info',
  )

  app.stopReadiness()
  t.equal((await app.inject('/readyz')).statusCode, 503)
  const warned = aboutProbes()
  t.equal(warned.length, 1, 'one line for the failing probe')
  t.match(warned[0], { level: 40, msg: 'probe failing or slow', statusCode: 503 })
})
