import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FlowAction } from '../shared/api/endpoints/define.ts'
import { sessionSlot } from './session-slot.server.ts'

/**
 * Rate-limit cost per action, not per call (issue 17 point 7; docs/flows/README.md › Limits).
 * A call that is a step of an action (`action` in the endpoint table, or a route's
 * `route({ action })`) spends one unit of its bucket and opens an allowance for the action in this
 * session; each other step of the action is then free once. The allowance's steps are claimed in
 * the single-use store, so a replayed copy of the cookie cannot spend a step twice, on any replica.
 * A password sign-in (e-mail check, environments, captcha question, password) is one unit; a
 * second password is a second unit, as before.
 */
declare module '@fastify/secure-session' {
  interface SessionData {
    /**
     * The open allowance of each action: a random id (the store knows which steps it spent) and
     * when it opened.
     */
    rateActions: Partial<Record<FlowAction, Allowance>>
  }
}

/** An action's allowance lasts as long as a person plausibly takes over its steps. */
const ALLOWANCE_MS = 15 * 60_000

interface Allowance {
  id: string
  at: number
}

/** When an allowance stops paying for steps; a value sealed before it carried a time: at once. */
const endOf = (allowance: Allowance | string | undefined) =>
  typeof allowance === 'object' && allowance !== null ? allowance.at + ALLOWANCE_MS : 0

/**
 * The session's allowances, a slot with the allowance's own time limit: gone from the cookie
 * once the last one ended, as the store's claims are (issue 17 point 1: one slot helper).
 */
const rateActionsSlot = sessionSlot('rateActions', {
  expiresAt: (actions) => Math.max(0, ...Object.values(actions).map(endOf)),
})

export interface ActionStep {
  action: FlowAction
  /** The endpoint's name, or the route's URL pattern. */
  step: string
}

const stepKey = (id: string, step: string) => `rate-action:${id}:${step}`

/** True when this session's open allowance for the action still has this step unspent (now spent). */
export async function paidByAllowance(
  request: FastifyRequest,
  { action, step }: ActionStep,
): Promise<boolean> {
  const allowance = rateActionsSlot.get(request)?.[action]
  if (!allowance || endOf(allowance) <= Date.now()) return false
  return request.server.singleUse.claim(stepKey(allowance.id, step), ALLOWANCE_MS)
}

/** After a paid step: a fresh allowance for the action, with this step already spent. */
export async function openAllowance(request: FastifyRequest, { action, step }: ActionStep): Promise<void> {
  const id = randomUUID()
  request.ensureSession()
  rateActionsSlot.set(request, { ...rateActionsSlot.get(request), [action]: { id, at: Date.now() } })
  await request.server.singleUse.claim(stepKey(id, step), ALLOWANCE_MS)
}
