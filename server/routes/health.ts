import type { FastifyInstance } from 'fastify'

export interface HealthOptions {
  /** Readiness: true once SSR is loaded and the process is not shutting down. */
  isReady: () => boolean
}

/** A probe answered slower than this is worth a line: a quarter of Kubernetes' 1 s time-out. */
const SLOW_PROBE_MS = 250

export async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  // Probes come every few seconds from every kubelet: at info they would be most of the log and
  // hide the requests people look for. Their routes log at warn (issue 20 point 10), and a probe
  // that fails or is slow says so at warn — the lines that explain a restart or a pod pulled
  // from the Service. (This plugin is encapsulated: the hook below sees only these two routes.)
  const probe = { logLevel: 'warn' as const }
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime)
    if (reply.statusCode !== 200 || ms > SLOW_PROBE_MS)
      request.log.warn({ url: request.url, statusCode: reply.statusCode, ms }, 'probe failing or slow')
  })

  // Liveness never calls an upstream: a slow region must not get healthy pods restarted.
  app.get('/healthz', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    return { status: 'ok' }
  })
  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    if (!options.isReady()) return reply.code(503).send({ status: 'not ready' })
    return { status: 'ready' }
  })
}
