import type { Topology } from '../../../config/index.ts'
import type { EnvironmentName } from '../../../shared/regions.ts'

/**
 * Where a signed-in user may be sent: the console URL the upstream answered when it lies under
 * the console configured for the environment's region (same origin, path below it), else that
 * configured URL itself; undefined when the region configures none.
 * Why: the page navigates to this URL with a fresh session's ticket, so an upstream answer must
 * never turn the sign-in into an open redirect (ADR 0056).
 */
export function trustedConsoleUrl(
  answered: unknown,
  environment: EnvironmentName,
  topology: Topology,
): string | undefined {
  const region = topology.environments[environment]?.region
  const configured = region ? topology.regions[region]?.consoleUrl : undefined
  if (!configured) return undefined
  if (typeof answered !== 'string') return configured
  let candidate: URL
  let base: URL
  try {
    candidate = new URL(answered)
    base = new URL(configured)
  } catch {
    return configured
  }
  const basePath = base.pathname.replace(/\/+$/, '')
  const below = candidate.pathname === basePath || candidate.pathname.startsWith(`${basePath}/`)
  return candidate.origin === base.origin && below ? candidate.href : configured
}
