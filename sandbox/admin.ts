import type { FastifyInstance } from 'fastify'
import { type FaultState, faultSchema } from './faults.ts'
import { isLoopback } from './http.ts'
import type { RequestLog } from './requestLog.ts'
import type { SandboxWorld } from './world.ts'

export const ADMIN_PREFIX = '/__sandbox'

interface AdminRouteOptions {
  world: SandboxWorld
  faults: FaultState
  log: RequestLog
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * Test controls of one region server (docs/sandbox.md): fault injection, the request log and a
 * reset of the fixtures. Registered under `/__sandbox`; callers other than loopback get 403.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const { world, faults, log } = options

  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply
        .code(403)
        .send({ error: 'Forbidden', message: 'sandbox controls answer loopback callers only' })
    }
  })

  app.get('/faults', async () => ({ fault: faults.current() }))

  app.put('/faults', async (request, reply) => {
    const parsed = faultSchema.safeParse(request.body)
    if (!parsed.success) {
      return reply.code(400).send({
        error: 'Bad Request',
        message: parsed.error.issues.map((issue) => issue.message).join('; '),
      })
    }
    faults.set(parsed.data)
    return { fault: faults.current() }
  })

  app.delete('/faults', async () => {
    faults.clear()
    return { fault: null }
  })

  app.get('/requests', async () => ({ requests: log.list() }))

  app.delete('/requests', async () => {
    log.clear()
    return { requests: [] }
  })

  app.post('/reset', async () => {
    await world.reset()
    return { reset: true }
  })

  /** Where a consoleLogin URL leads: a stand-in for the product console. */
  app.get('/console', async (request, reply) => {
    const ticketParam = (request.query as Record<string, unknown> | undefined)?.ticket
    const ticket = world.resolveConsoleTicket(typeof ticketParam === 'string' ? ticketParam : undefined)
    reply.type('text/html; charset=utf-8')
    if (!ticket) {
      return reply
        .code(401)
        .send(
          '<!doctype html><title>Sandbox console</title><h1>Sandbox console</h1><p>Ticket invalid or expired.</p>',
        )
    }
    return `<!doctype html><title>Sandbox console</title><h1>Sandbox console</h1><p>Signed in as <b>${escapeHtml(
      ticket.email,
    )}</b> in <b>${escapeHtml(ticket.environment)}</b>.</p>`
  })
}
