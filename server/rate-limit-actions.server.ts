import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FlowAction } from '../shared/api/endpoints/define.ts'
import { HashedKey } from './plugins/app/single-use.server.ts'

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
  /** The store's key of this session's allowance, once looked up: renewing it hashes no more. */
  allowance?: { sid: string; key: HashedKey }
}

const allowanceKey = (sid: string, action: FlowAction) => `rate-allowance:${sid}:${action}`
const stepKey = (allowance: string, step: string) => `rate-action:${allowance}:${step}`

/**
 * What the store keeps of an open allowance: a random id and the step that paid for it, which is
 * spent without a claim of its own (one entry per paid call, as when the id lived in the cookie).
 * The id is 96 random bits in base64url, one flat string: `randomUUID()`'s string is built from
 * some twenty concatenated pieces, and kept in the in-process store it held ≈ 660 bytes per
 * entry instead of ≈ 200 (the load's RSS climbed 30 MB a minute with signed-out calls).
 */
const noteOf = (paidStep: string) => `${randomBytes(12).toString('base64url')} ${paidStep}`

/** True when this session's open allowance for the action still has this step unspent (now spent). */
export async function paidByAllowance(request: FastifyRequest, actionStep: ActionStep): Promise<boolean> {
  const { action, step } = actionStep
  const sid = request.session.get('sid')
  if (!sid || request.session.deleted) return false
  const store = request.server.singleUse
  // The step is this request's own (rate-limit.ts makes one per request); openAllowance reuses it.
  actionStep.allowance = { sid, key: new HashedKey(allowanceKey(sid, action)) }
  const note = await store.recall(actionStep.allowance.key)
  if (note === undefined) return false
  const space = note.indexOf(' ')
  if (note.slice(space + 1) === step) return false
  return store.claim(stepKey(note.slice(0, space), step), ALLOWANCE_MS)
}

/** After a paid step: a fresh allowance for the action, with this step already spent. */
export async function openAllowance(
  request: FastifyRequest,
  { action, step, allowance }: ActionStep,
): Promise<void> {
  const sid = request.ensureSession()
  const key = allowance?.sid === sid ? allowance.key : allowanceKey(sid, action)
  await request.server.singleUse.remember(key, noteOf(step), ALLOWANCE_MS)
}
