import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { RegionId } from '../shared/regions.ts'
import type { OutboxMessage } from './outbox.ts'
import type { SandboxWorld } from './world.ts'

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The outbox as a page people read: newest first, links clickable (relative to the BFF). */
function outboxPage(messages: OutboxMessage[], bffOrigin: string | undefined): string {
  const rows = [...messages]
    .reverse()
    .map((message) => {
      const link = message.link
        ? `<p><a href="${escapeHtml(bffOrigin ? `${bffOrigin}${message.link}` : message.link)}">${escapeHtml(message.link)}</a></p>`
        : ''
      const code = message.code ? `<p>Code: <b>${escapeHtml(message.code)}</b></p>` : ''
      return `<article><h2>${escapeHtml(message.subject)}</h2><p class="meta">${escapeHtml(message.sentAt)} · ${escapeHtml(message.kind)} · to <b>${escapeHtml(message.to)}</b></p><p>${escapeHtml(message.text)}</p>${link}${code}</article>`
    })
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox outbox</title></head><body><h1>Sandbox outbox</h1><p>E-mails and texts the sandbox upstream "sent", newest first. Reload to see new ones.</p>${rows || '<p>Nothing sent yet.</p>'}</body></html>`
}

const clockSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 24 * 60 * 60_000),
})

/**
 * Outbox, clock and registration controls of the sandbox (docs/sandbox.md), under `/__sandbox`
 * next to the other test controls (loopback callers only, checked by the admin routes' hook).
 */
export async function outboxAdminRoutes(
  app: FastifyInstance,
  options: { world: SandboxWorld; region: RegionId },
): Promise<void> {
  const { world } = options

  app.get('/outbox', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(outboxPage(world.outbox.list(), world.linkOrigin)),
  )

  app.post('/clock', async (request, reply) => {
    const parsed = clockSchema.safeParse(request.body)
    if (!parsed.success)
      return reply.code(400).send({ error: 'Bad Request', message: 'advanceMs: whole ms ≥ 0' })
    const offsetMs = world.advanceClock(parsed.data.advanceMs)
    return { offsetMs, now: new Date(world.now()).toISOString() }
  })

  app.get('/clock', async () => ({ now: new Date(world.now()).toISOString() }))

  /** Where a registration in progress stands (tests check the region the host rule chose). */
  app.get('/signups/:email', async (request, reply) => {
    const signUp = world.signUps.pending.get((request.params as { email: string }).email.toLowerCase())
    if (!signUp) return reply.code(404).send({ error: 'Not Found', message: 'no registration in progress' })
    return {
      email: signUp.email,
      region: signUp.region,
      mobile: signUp.mobile,
      verified: signUp.verified,
      hasDetails: Boolean(signUp.details),
      questionnaire: signUp.questionnaire ?? null,
    }
  })
}
