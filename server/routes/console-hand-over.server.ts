import type { FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { isSuccess } from '../../shared/envelope.ts'
import type { EnvironmentName } from '../../shared/regions.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import type { UpstreamFailure } from '../upstream/errors.ts'
import { upstreamFailed } from '../upstream/failure-answer.ts'
import { trustedConsoleUrl } from './api/console-url.ts'
import { findToken } from './api/tokens.ts'

/**
 * The console address that opens signed in (ADR 0056): `account/consoleLogin` with the session's
 * token answers a console URL carrying a one-time ticket; it is kept only when it lies under the
 * console configured for the environment (`trustedConsoleUrl`, never an open redirect). A fresh
 * token in the answer replaces the sealed one. Used by every "to the console" of a signed-in
 * session: an SSO sign-in, the sign-up's welcome page, the signed-in card and the channel outcome.
 * Undefined when the upstream refuses or cannot be reached (logged): the caller falls back.
 */
export async function consoleHandOver(
  request: FastifyRequest,
  topology: Topology,
  environment: EnvironmentName,
  token: string,
): Promise<string | undefined> {
  const outcome = await consoleHandOverOutcome(request, topology, environment, token)
  return 'url' in outcome ? outcome.url : undefined
}

/**
 * The hand-over with why it failed, for a caller that has no fallback and must say so: a refusal
 * or an address outside the configured console counts as an unusable answer (`badBody`).
 */
export async function consoleHandOverOutcome(
  request: FastifyRequest,
  topology: Topology,
  environment: EnvironmentName,
  token: string,
): Promise<{ url: string } | { failure: UpstreamFailure }> {
  try {
    const { answer } = await callEndpoint(
      request,
      topology,
      'consoleLogin',
      {},
      { environment, bearerToken: token },
    )
    if (!isSuccess(answer)) {
      request.log.warn({ retCode: answer.retCode }, 'console hand-over refused')
      return { failure: 'badBody' }
    }
    const fresh = findToken(answer.item)
    if (fresh) request.session.set('token', fresh)
    const url = trustedConsoleUrl(answer.item.consoleUrl, environment, topology)
    return url ? { url } : { failure: 'badBody' }
  } catch (error) {
    return { failure: upstreamFailed(request, error, { endpoint: 'consoleLogin' }).failure }
  }
}
