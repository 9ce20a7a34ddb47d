/**
 * Traces (issue 47 point 6): one trace id from the ingress's `traceparent`, through the BFF's log
 * lines (the incoming-request line included), to the `traceparent` the upstream receives and the
 * span the SDK exports over OTLP/HTTP to a real receiver (a small HTTP server decoding the JSON the
 * exporter sends). With tracing off, the lines still carry the ingress's trace.
 */
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import t, { type Test } from 'tap'
import { loadConfig } from '../../config/index.ts'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { startSandbox } from '../../sandbox/index.ts'
import { buildApp } from '../../server/app.ts'
import { traceFieldsOf } from '../../server/log-trace-context.ts'
import { loggerOptions } from '../../server/logger.ts'
import { sandboxTopology } from '../../server/sandbox-topology.ts'
import { startTracing, type Tracing } from '../../server/tracing.ts'
import { ROOT, SAME_ORIGIN, sandboxRequests, sessionKey } from '../helper.ts'

interface ExportedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
}
interface ExportRequest {
  resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[]
}

/** An OTLP/HTTP receiver: every span the exporter posts to /v1/traces, decoded from JSON. */
async function startReceiver(t: Test) {
  const spans: ExportedSpan[] = []
  const paths: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`)
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => new Promise((resolve) => server.close(resolve)))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, paths }
}

type LogLine = Record<string, unknown>

/** The app with its log lines collected, parsed: with `tracing`, as server.ts builds it then. */
async function appWithLog(t: Test, sandbox: Awaited<ReturnType<typeof startSandbox>>, tracing?: Tracing) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_KEYS: sessionKey(7),
    LOG_LEVEL: 'info',
  })
  const lines: LogLine[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line))
      done()
    },
  })
  const app = await buildApp({
    config,
    topology: sandboxTopology(sandbox),
    root: ROOT,
    ssr: false,
    tracing,
    logger: { ...loggerOptions(config, tracing?.logFields), stream },
  })
  t.teardown(() => app.close())
  await app.ready()
  return { app, lines }
}

/** The lines Fastify writes for one request, by its id: its first and its last. */
function requestLines(lines: LogLine[], requestId: unknown) {
  const ofRequest = lines.filter((line) => line.reqId === requestId)
  return {
    ofRequest,
    incoming: ofRequest.find((line) => line.msg === 'incoming request'),
    completed: ofRequest.find((line) => line.msg === 'request completed'),
  }
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>) {
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const sandbox = await startSandbox()
t.teardown(() => sandbox.close())

t.test(
  'one trace id from the ingress through the log lines to the upstream and the exported span',
  async (t) => {
    const receiver = await startReceiver(t)
    const tracingConfig = loadConfig({
      NODE_ENV: 'test',
      SESSION_KEYS: sessionKey(7),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    }).tracing
    if (!tracingConfig) throw new Error('tracing is on with an endpoint')
    const tracing = await startTracing(tracingConfig, 'account-edge')
    t.teardown(() => tracing.shutdown())
    const { app, lines } = await appWithLog(t, sandbox, tracing)

    const traceId = randomBytes(16).toString('hex')
    const ingressSpan = randomBytes(8).toString('hex')
    const answer = await app.inject({
      method: 'POST',
      url: '/auth/sign_in/flow/email',
      headers: { ...SAME_ORIGIN, traceparent: `00-${traceId}-${ingressSpan}-01` },
      payload: { email: DEMO_ACCOUNT.email },
    })
    t.equal(answer.statusCode, 200)

    // The BFF's own lines for the request name the trace, the first (Fastify's, written before any
    // hook) as well as the last.
    const { incoming, completed } = requestLines(lines, answer.headers['x-request-id'])
    t.equal(incoming?.trace_id, traceId, "the incoming-request line carries the ingress's trace id")
    t.equal(completed?.trace_id, traceId, "the request-completed line carries the ingress's trace id")

    // The upstream received the same trace, with our client span as its parent.
    const received = (await sandboxRequests(sandbox.regions.sg.url)).filter((entry) =>
      entry.url.startsWith('/basic-login/loginEmailCheck'),
    )
    const upstreamParent = String(received.at(-1)?.headers.traceparent ?? '')
    t.match(upstreamParent, new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`), 'the upstream got the trace')

    // And the SDK exported the spans of that trace: the request's (child of the ingress's span) and
    // the upstream call's (the parent the upstream was told).
    await waitFor('the spans of the trace', () =>
      receiver.spans.some((span) => span.traceId === traceId && span.spanId === upstreamParent.split('-')[2]),
    )
    const ofTrace = receiver.spans.filter((span) => span.traceId === traceId)
    const request = ofTrace.find((span) => span.parentSpanId === ingressSpan)
    t.ok(request, 'the request span continues the ingress span')
    t.equal(incoming?.span_id, request?.spanId, "the incoming-request line names the request's span")
    t.ok(
      ofTrace.some((span) => span.spanId === completed?.span_id),
      'the request-completed line names an exported span of the trace',
    )
    t.match(receiver.paths[0], /^POST \/v1\/traces application\/json/, 'OTLP/HTTP with JSON')

    // A request refused before routing runs no hook (and gets no span): its incoming line is still
    // written, before the refusal. (Its answer has no X-Request-Id either: that is set in a hook.)
    const before = lines.length
    const malformed = await app.inject({
      method: 'GET',
      url: '/%zz',
      headers: { traceparent: `00-${traceId}-${ingressSpan}-01` },
    })
    t.equal(malformed.statusCode, 400)
    t.same(
      lines.slice(before).map((line) => line.msg),
      ['incoming request', 'request refused'],
      'the refused request logs its lines in order (Fastify writes no completion line for it)',
    )
  },
)

t.test("with tracing off, every line of a request carries the ingress's trace", async (t) => {
  const { app, lines } = await appWithLog(t, sandbox)
  const traceId = randomBytes(16).toString('hex')
  const ingressSpan = randomBytes(8).toString('hex')
  const traced = await app.inject({
    method: 'GET',
    url: '/no-such-page',
    headers: { traceparent: `00-${traceId}-${ingressSpan}-00` },
  })
  t.equal(traced.statusCode, 404)
  const { incoming, completed } = requestLines(lines, traced.headers['x-request-id'])
  for (const [name, line] of [
    ['incoming-request', incoming],
    ['request-completed', completed],
  ] as const) {
    t.equal(line?.trace_id, traceId, `the ${name} line carries the ingress's trace id`)
    t.equal(line?.span_id, ingressSpan, `the ${name} line names the ingress's span`)
  }

  const untraced = await app.inject({
    method: 'GET',
    url: '/no-such-page',
    headers: { traceparent: `00-${'0'.repeat(32)}-${ingressSpan}-01` },
  })
  const refused = requestLines(lines, untraced.headers['x-request-id'])
  t.equal(refused.ofRequest.length, 2, 'the request is logged')
  t.notOk(
    refused.ofRequest.some((line) => 'trace_id' in line || 'span_id' in line),
    'an invalid traceparent puts no trace on the lines',
  )
})

t.test('which traceparent headers name a trace (W3C Trace Context)', async (t) => {
  const trace = '4bf92f3577b34da6a3ce929d0e0e4736'
  const span = '00f067aa0ba902b7'
  t.same(traceFieldsOf(`00-${trace}-${span}-01`), { trace_id: trace, span_id: span })
  t.same(
    traceFieldsOf(`01-${trace}-${span}-01-future`),
    { trace_id: trace, span_id: span },
    'a later version',
  )
  for (const refused of [
    undefined,
    [`00-${trace}-${span}-01`, `00-${trace}-${span}-01`],
    `ff-${trace}-${span}-01`,
    `00-${trace}-${span}-01-extra`,
    `00-${trace.toUpperCase()}-${span}-01`,
    `00-${'0'.repeat(32)}-${span}-01`,
    `00-${trace}-${'0'.repeat(16)}-01`,
    `00-${trace}-${span}-01\n{"level":60}`,
  ])
    t.equal(traceFieldsOf(refused), undefined, `refused: ${JSON.stringify(refused)}`)
})
