import type { FastifyRequest } from 'fastify'
import { type ApiEnvelope, isSuccess } from '../../shared/envelope.ts'
import type { Language } from '../../shared/language.ts'
import type { EnvironmentName } from '../../shared/regions.ts'
import { findToken } from './api/tokens.ts'

/**
 * What an upstream's sign-in answer is worth (security.md claim 21): the account it names and the
 * token for it, or why it starts no session.
 * - `identity`: a success with a token, naming the account (`item.email`, lower-cased) — the one
 *   the flow expected, when it expected one;
 * - `refused`: not a success, or a success without a token: the upstream's own answer stands;
 * - `nobody`: a token that names no account, or another account than the flow's: never a session.
 */
export type SignInAnswer =
  | { kind: 'identity'; token: string; email: string }
  | { kind: 'refused' }
  | { kind: 'nobody' }

/** The account a sign-in answer names (`item.email`), lower-cased; empty when it names none. */
function identityOf(answer: ApiEnvelope): string {
  const email = (answer.item as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

/**
 * Reads a sign-in answer (the one place that does, issue 44 point 4). `expectedEmail`: the address
 * the flow holds (the password sign-in's, the sign-up's); an answer naming another is `nobody`.
 */
export function readSignInAnswer(answer: ApiEnvelope, expectedEmail?: string): SignInAnswer {
  const token = isSuccess(answer) ? findToken(answer.item) : undefined
  if (!token) return { kind: 'refused' }
  const email = identityOf(answer)
  if (!email) return { kind: 'nobody' }
  if (expectedEmail !== undefined && email !== expectedEmail.trim().toLowerCase()) return { kind: 'nobody' }
  return { kind: 'identity', token, email }
}

/**
 * Turns a sign-in answer into a session when it names the account (`readSignInAnswer`), else
 * starts none and says why; a token naming nobody is logged. Every sign-in path calls it: the
 * password and e-mailed-code sign-in, the sign-up's finish, the enterprise sign-ins (Microsoft,
 * SAML, WeCom, after the environment picker when there is one) and the external app's sign-in.
 */
export function signInFromAnswer(
  request: FastifyRequest,
  answer: ApiEnvelope,
  options: { environment: EnvironmentName; expectedEmail?: string; language?: Language; endpoint: string },
): SignInAnswer {
  const read = readSignInAnswer(answer, options.expectedEmail)
  if (read.kind === 'nobody')
    request.log.warn({ endpoint: options.endpoint }, 'sign-in answer names no identity, or another: refused')
  if (read.kind === 'identity') startSession(request, read, options)
  return read
}

/**
 * Starts the session for an identity `readSignInAnswer` read (the only caller of `request.signIn`):
 * at once, or after the environment picker, with the token exchanged for the chosen environment.
 */
export function startSession(
  request: FastifyRequest,
  identity: { token: string; email: string },
  options: { environment: EnvironmentName; language?: Language },
): void {
  request.signIn({
    token: identity.token,
    email: identity.email,
    environment: options.environment,
    ...(options.language ? { language: options.language } : {}),
  })
}
