import type { FastifyInstance } from 'fastify'

export interface HealthOptions {
  /** Readiness: true once SSR is loaded and the process is not shutting down. */
  isReady: () => boolean
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  // Liveness never calls an upstream: a slow region must not get healthy pods restarted.
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    return { status: 'ok' }
  })
  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    if (!options.isReady()) return reply.code(503).send({ status: 'not ready' })
    return { status: 'ready' }
  })
}
