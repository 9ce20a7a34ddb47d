import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FlowAction } from '../shared/api/endpoints/define.ts'

/**
 * Rate-limit cost per action, not per call (issue 17 point 7; docs/flows/README.md › Limits).
 * A call that is a step of an action (`action` in the endpoint table, or a route's
 * `route({ action })`) spends one unit of its bucket and opens an allowance for the action in this
 * session; each other step of the action is then free once. The allowance's steps are claimed in
 * the single-use store, so a replayed copy of the cookie cannot spend a step twice, on any replica.
 * A password sign-in (e-mail check, environments, captcha question, password) is one unit; a
 * second password is a second unit, as before.
 *
 * Which allowance is open lives in the same store, under the session's id, not in the cookie
 * (ADR 0103): every paid call opens a new one, and in the cookie that meant sealing the session
 * again on each of them — a sixth of an `/api` call's CPU (the sign-up's address check, repeated).
 */

/** An action's allowance lasts as long as a person plausibly takes over its steps. */
const ALLOWANCE_MS = 15 * 60_000

export interface ActionStep {
  action: FlowAction
  /** The endpoint's name, or the route's URL pattern. */
  step: string
}

const allowanceKey = (sid: string, action: FlowAction) => `rate-allowance:${sid}:${action}`
const stepKey = (id: string, step: string) => `rate-action:${id}:${step}`

/** True when this session's open allowance for the action still has this step unspent (now spent). */
export async function paidByAllowance(
  request: FastifyRequest,
  { action, step }: ActionStep,
): Promise<boolean> {
  const sid = request.session.get('sid')
  if (!sid || request.session.deleted) return false
  const store = request.server.singleUse
  const id = await store.recall(allowanceKey(sid, action))
  return id !== undefined && store.claim(stepKey(id, step), ALLOWANCE_MS)
}

/** After a paid step: a fresh allowance for the action, with this step already spent. */
export async function openAllowance(request: FastifyRequest, { action, step }: ActionStep): Promise<void> {
  const id = randomUUID()
  const store = request.server.singleUse
  await store.remember(allowanceKey(request.ensureSession(), action), id, ALLOWANCE_MS)
  await store.claim(stepKey(id, step), ALLOWANCE_MS)
}
