/**
 * The fair anchor for the `/api` row of `npm run bench` (issue 19 point 5): what a team would
 * deploy without a BFF, the design card's `@fastify/http-proxy` passing `/api/*` straight to the
 * same sandbox region with no checks (no session, CSRF, validation, rate limit or region choice).
 * A process of its own, like the BFF, so both pay the same hop, started with the same Node flags
 * as the chart gives a pod (ADR 0119). Prints `ready` once it listens.
 */
import proxy from '@fastify/http-proxy'
import Fastify from 'fastify'

const port = Number(process.env.PASSTHROUGH_PORT)
const upstream = process.env.PASSTHROUGH_UPSTREAM
if (!port || !upstream) throw new Error('PASSTHROUGH_PORT and PASSTHROUGH_UPSTREAM are required')
const app = Fastify({ logger: false })
await app.register(proxy, { upstream, prefix: '/api', rewritePrefix: '' })
await app.listen({ port, host: '127.0.0.1' })
process.stdout.write('ready\n')
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
