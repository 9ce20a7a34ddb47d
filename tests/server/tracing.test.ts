/**
 * Traces (issue 47 point 6): one trace id from the ingress's `traceparent`, through the BFF's log
 * line, to the `traceparent` the upstream receives and the span the SDK exports over OTLP/HTTP to a
 * real receiver (a small HTTP server decoding the JSON the exporter sends).
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
import { loggerOptions } from '../../server/logger.ts'
import { sandboxTopology } from '../../server/sandbox-topology.ts'
import { startTracing } from '../../server/tracing.ts'
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

async function waitFor(what: string, check: () => boolean | Promise<boolean>) {
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

t.test(
  'one trace id from the ingress through the log line to the upstream and the exported span',
  async (t) => {
    const receiver = await startReceiver(t)
    const sandbox = await startSandbox()
    t.teardown(() => sandbox.close())
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_KEYS: sessionKey(7),
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    })
    if (!config.tracing) throw new Error('tracing is on with an endpoint')
    const tracing = await startTracing(config.tracing, 'account-edge')
    t.teardown(() => tracing.shutdown())
    const lines: Record<string, unknown>[] = []
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
      logger: { ...loggerOptions(config, tracing.logFields), stream },
    })
    t.teardown(() => app.close())
    await app.ready()

    const traceId = randomBytes(16).toString('hex')
    const ingressSpan = randomBytes(8).toString('hex')
    const answer = await app.inject({
      method: 'POST',
      url: '/auth/sign_in/flow/email',
      headers: { ...SAME_ORIGIN, traceparent: `00-${traceId}-${ingressSpan}-01` },
      payload: { email: DEMO_ACCOUNT.email },
    })
    t.equal(answer.statusCode, 200)

    // The BFF's own line for the request names the trace.
    const completed = lines.find((line) => line.msg === 'request completed')
    t.equal(completed?.trace_id, traceId, "the request's log line carries the ingress's trace id")

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
    t.match(receiver.paths[0], /^POST \/v1\/traces application\/json/, 'OTLP/HTTP with JSON')
  },
)
