import type { FastifyRequest } from 'fastify'
import type { Topology } from '../../../config/index.ts'
import { ENVIRONMENT_NAMES, type EnvironmentName } from '../../../shared/regions.ts'
import { chooseSignUpRegion, defaultEnvironmentOf } from '../../region.ts'

/** The browser reports its IANA time zone with every call (shared/api/call.ts). */
export const TIME_ZONE_HEADER = 'x-time-zone'

/**
 * Where this request's upstream call goes: the environment chosen for the account when there is
 * one, else the region the host rule picked for this flow (decided once, then remembered).
 */
export function environmentFor(request: FastifyRequest, topology: Topology): EnvironmentName {
  const chosen = request.session.get('environment')
  if (chosen && topology.environments[chosen]) return chosen
  let region = request.session.get('signUpRegion')
  if (!region) {
    const timeZone = request.headers[TIME_ZONE_HEADER]
    region = chooseSignUpRegion(topology, {
      host: request.host,
      timeZone: typeof timeZone === 'string' ? timeZone : undefined,
    })
    request.ensureSession()
    request.session.set('signUpRegion', region)
  }
  return defaultEnvironmentOf(topology, region)
}

/**
 * After `getAllEnvDomain`: remember which configured environments the account lives in. With
 * exactly one, it is chosen at once; with several, the user picks (the sign-in flow's `environment` step).
 */
export function rememberAccountEnvironments(
  request: FastifyRequest,
  items: unknown[],
  topology: Topology,
): EnvironmentName[] {
  const known = new Set<string>(ENVIRONMENT_NAMES)
  const environments = items
    .map((item) => (typeof item === 'object' && item !== null ? (item as { env?: unknown }).env : undefined))
    .filter(
      (env): env is EnvironmentName =>
        typeof env === 'string' && known.has(env) && !!topology.environments[env as EnvironmentName],
    )
  const unique = [...new Set(environments)]
  request.ensureSession()
  request.session.set('accountEnvironments', unique)
  if (unique.length === 1) request.session.set('environment', unique[0])
  return unique
}
