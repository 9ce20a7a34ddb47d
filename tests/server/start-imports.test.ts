import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import t from 'tap'
import { ROOT } from '../support/root.ts'

/**
 * Modules only some deployments use are loaded when used, not at every start (the module graph
 * is half of the time to serving): ioredis with REDIS_URL, the QR encoder at a WeCom sign-in, the
 * OpenTelemetry SDK with OTEL_EXPORTER_OTLP_ENDPOINT (off and free without it).
 * A child process records which of them the loader resolves while the whole app is built.
 */
// Not @opentelemetry/api: prom-client loads it when it is installed (its exemplars), SDK or not.
const LAZY = ['@fastify/otel', '@opentelemetry/sdk-trace', 'ioredis', 'opossum', 'qrcode']

const child = (afterBuild: string) => `
import { registerHooks } from 'node:module'
const resolved = new Set()
registerHooks({
  resolve(specifier, context, next) {
    if (${JSON.stringify(LAZY)}.includes(specifier)) resolved.add(specifier)
    return next(specifier, context)
  },
})
const { startSandbox } = await import('./sandbox/index.ts')
const { loadConfig } = await import('./config/index.ts')
const { buildApp } = await import('./server/app.ts')
const { sandboxTopology } = await import('./server/sandbox-topology.ts')
const sandbox = await startSandbox()
const config = loadConfig({ NODE_ENV: 'test', SESSION_KEYS: Buffer.alloc(32, 7).toString('base64') })
const app = await buildApp({ config, topology: sandboxTopology(sandbox), root: process.cwd(), ssr: false })
await app.ready()
${afterBuild}
await app.close()
await sandbox.close()
process.stdout.write(JSON.stringify([...resolved].sort()))
`

async function resolvedWhile(afterBuild: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', child(afterBuild)],
    { cwd: ROOT, env: { ...process.env, REDIS_URL: '' } },
  )
  return JSON.parse(stdout) as string[]
}

t.test('a start without REDIS_URL loads neither ioredis nor the QR encoder', async (t) => {
  t.same(await resolvedWhile(''), [])
})

t.test('each is loaded once it is used (the check sees a load)', async (t) => {
  const used = `
const { startTracing } = await import('./server/tracing.ts')
const tracing = await startTracing({ endpoint: 'http://127.0.0.1:1', sampler: 'always_off', samplerArg: undefined }, 'x')
await tracing.shutdown()
const { connectSharedRedis } = await import('./server/redis.ts')
const redis = await connectSharedRedis({ url: 'redis://127.0.0.1:1', keyPrefix: 'x', log: app.log })
await redis.close()
const started = await app.inject({
  method: 'POST',
  url: '/auth/sso/wecom',
  headers: { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'same-origin' },
  payload: {},
})
const cookie = started.headers['set-cookie']
const image = await app.inject({
  method: 'GET',
  url: '/auth/sso/wecom/qr.svg',
  headers: { cookie: String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0] },
})
if (!image.body.startsWith('<svg')) throw new Error('no QR code: ' + image.statusCode)
`
  t.same(await resolvedWhile(used), LAZY)
})
