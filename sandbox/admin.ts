import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { RegionId } from '../shared/regions.ts'
import { ENVIRONMENT_NAMES } from '../shared/regions.ts'
import { isValidPassword } from '../shared/schemas/fields.ts'
import { outboxAdminRoutes } from './admin-outbox.ts'
import { type FaultState, faultSchema } from './faults.ts'
import { isLoopback } from './http.ts'
import { hashPassword } from './passwords.ts'
import type { RequestLog } from './requestLog.ts'
import { isValidEmail, normaliseEmail, type SandboxWorld } from './world.ts'

/** A throwaway account for one test, so flows that change passwords never disturb the fixtures. */
const newAccountSchema = z.strictObject({
  email: z.string().refine((value) => isValidEmail(normaliseEmail(value)), 'a valid e-mail'),
  password: z.string().refine(isValidPassword, 'a password that meets the spec §5 rule'),
  environments: z.array(z.enum(ENVIRONMENT_NAMES)).min(1).default(['sg-k8s']),
  phone: z
    .object({ areaCode: z.string().regex(/^\d{1,4}$/), number: z.string().regex(/^\d{5,15}$/) })
    .optional(),
  /** Days since the password was set: over 90, `consoleLogin` says `passwordChangeDue`. */
  passwordAgeDays: z.number().int().min(0).max(3650).optional(),
  /** Wrong passwords after which the sign-in needs a solved captcha (700112/700169); none: never. */
  captchaAfter: z.number().int().min(0).max(10).optional(),
})

export const ADMIN_PREFIX = '/__sandbox'

interface AdminRouteOptions {
  region: RegionId
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

  await app.register(outboxAdminRoutes, { world, region: options.region })

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

  // The outbox for tests (JSON); people read GET /__sandbox/outbox (sandbox/admin-outbox.ts).
  app.get('/outbox.json', async (request) => {
    const query = (request.query ?? {}) as { to?: string; kind?: string }
    return {
      messages: world.outbox.list({
        ...(typeof query.to === 'string' && query.to ? { to: query.to } : {}),
        ...(typeof query.kind === 'string' && query.kind ? { kind: query.kind } : {}),
      }),
    }
  })

  app.post('/accounts', async (request, reply) => {
    const parsed = newAccountSchema.safeParse(request.body)
    if (!parsed.success) {
      return reply.code(400).send({
        error: 'Bad Request',
        message: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      })
    }
    const email = normaliseEmail(parsed.data.email)
    if (world.findAccount(email)) {
      return reply.code(409).send({ error: 'Conflict', message: `${email} exists already` })
    }
    world.accounts.set(email, {
      email,
      passwordHash: await hashPassword(parsed.data.password),
      firstName: 'Test',
      lastName: 'Account',
      company: 'Sandbox Test Ltd',
      environments: parsed.data.environments,
      failures: [],
      lockedUntil: null,
      phone: parsed.data.phone ?? null,
      agentLanguage: null,
      sso: {},
      passwordChangedAt: world.now() - (parsed.data.passwordAgeDays ?? 0) * 24 * 60 * 60_000,
      ...(parsed.data.captchaAfter === undefined ? {} : { captchaAfter: parsed.data.captchaAfter }),
    })
    return reply.code(201).send({ email, environments: parsed.data.environments })
  })

  app.get('/accounts/:email', async (request, reply) => {
    const account = world.findAccount((request.params as { email: string }).email)
    if (!account) return reply.code(404).send({ error: 'Not Found', message: 'no such account' })
    // What tests may check; never the password hash.
    return {
      email: account.email,
      environments: account.environments,
      phone: account.phone,
      agentLanguage: account.agentLanguage,
      liveTokens: [...world.tokens.values()].filter(
        (token) => token.email === account.email && token.expiresAt > world.now(),
      ).length,
    }
  })

  // `?email=` restores only that fixture account, so tests running in parallel do not wipe
  // each other's codes and tokens; without it the whole world goes back to its start.
  app.post('/reset', async (request, reply) => {
    const { email } = (request.query ?? {}) as { email?: unknown }
    if (typeof email === 'string' && email) {
      if (!(await world.resetAccount(email))) {
        return reply.code(404).send({ error: 'Not Found', message: `no fixture account ${email}` })
      }
      return { reset: true, email }
    }
    await world.reset()
    return { reset: true }
  })

  /** Where a consoleLogin URL leads: a stand-in for the product console. */
  app.get('/console', async (request, reply) => {
    const ticketParam = (request.query as Record<string, unknown> | undefined)?.ticket
    const ticket = world.resolveConsoleTicket(typeof ticketParam === 'string' ? ticketParam : undefined)
    reply.type('text/html; charset=utf-8')
    if (ticketParam === undefined) {
      // Where the sign-up's welcome page leads (the region's configured console URL).
      return `<!doctype html><title>Sandbox console</title><h1>Sandbox console</h1><p data-region="${escapeHtml(
        options.region,
      )}">The product console of region <b>${escapeHtml(options.region)}</b> opens here.</p>`
    }
    if (!ticket) {
      return reply
        .code(401)
        .send(
          '<!doctype html><title>Sandbox console</title><h1>Sandbox console</h1><p>Ticket invalid or expired.</p>',
        )
    }
    const query = request.query as Record<string, unknown>
    // The product of the consoleLogin URL (spec §3): agent 09 opens the agent workbench.
    const product = query.product === '09' ? 'agent workbench (09)' : 'console (02)'
    const appType = typeof query.appType === 'string' ? query.appType : 'console'
    return `<!doctype html><title>Sandbox console</title><h1>Sandbox console</h1><p data-region="${escapeHtml(
      options.region,
    )}">Signed in as <b>${escapeHtml(ticket.email)}</b> in <b>${escapeHtml(ticket.environment)}</b>.</p><p data-product="${escapeHtml(
      product,
    )}" data-app-type="${escapeHtml(appType)}">Product: <b>${escapeHtml(product)}</b>, app type <b>${escapeHtml(appType)}</b>.</p>`
  })
}
