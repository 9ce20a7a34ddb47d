import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sessionListSlot } from './session-slot.server.ts'

/** How long a connect flow may take between leaving for the provider and coming back. */
export const CONNECT_STATE_TTL_MS = 10 * 60 * 1000
/** Open flows kept per session; the oldest goes first (keeps the sealed cookie small). */
const MAX_OPEN_FLOWS = 3

export interface ConnectStateEntry {
  state: string
  provider: string
  issuedAt: number
}

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Connect flows this browser started and has not finished (security.md §12). */
    connectStates: ConnectStateEntry[]
  }
}

/** The open round trips, each good for its own ten minutes (the slot keeps the clock). */
const connectStatesSlot = sessionListSlot('connectStates', {
  expiresAt: (entry) => entry.issuedAt + CONNECT_STATE_TTL_MS,
  maxEntries: MAX_OPEN_FLOWS,
})

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Starts a connect flow: a random `state` (256 bits) for the provider's round trip, remembered in
 * the sealed HttpOnly session, so only the browser that started the flow can finish it.
 */
export function issueConnectState(request: FastifyRequest, provider: string, now = Date.now()): string {
  const state = randomBytes(32).toString('base64url')
  request.ensureSession()
  connectStatesSlot.set(request, [...connectStatesSlot.get(request, now), { state, provider, issuedAt: now }])
  return state
}

/**
 * Finishes a connect flow: true once for a state this session issued for this provider within the
 * time limit. The state is used up either way a match is found, in this cookie and on the server
 * (the single-use store), so a replay gets false — also from a copy of the cookie taken before
 * the return, and on another replica (finding L5, security.md #19).
 */
export async function consumeConnectState(
  request: FastifyRequest,
  provider: string,
  state: unknown,
  now = Date.now(),
): Promise<boolean> {
  if (typeof state !== 'string' || state.length === 0 || state.length > 100) return false
  // Expired states are gone from the slot's answer: only a live one can match.
  const open = connectStatesSlot.get(request, now)
  const match = open.find((entry) => sameString(entry.state, state))
  if (!match) return false
  connectStatesSlot.set(
    request,
    open.filter((entry) => entry !== match),
  )
  if (match.provider !== provider) return false
  return await request.server.singleUse.claim(`connect-state:${match.state}`, CONNECT_STATE_TTL_MS)
}
