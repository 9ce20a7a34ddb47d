import type { Topology } from '../config/index.ts'
import type { EnvironmentName, RegionId } from '../shared/regions.ts'

/** Browser time zones that send a sign-up to the US host (spec §4). */
export const US_TIME_ZONES: ReadonlySet<string> = new Set([
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
])

function hostnameOf(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase()
}

/**
 * The sign-up host rule (spec §4): a request that arrived on one of the known regional hosts
 * stays in that region; otherwise a US time zone goes to `us` and everything else to `sg`.
 */
export function chooseSignUpRegion(
  topology: Topology,
  request: { host: string; timeZone: string | undefined },
): RegionId {
  const host = hostnameOf(request.host)
  for (const [region, settings] of Object.entries(topology.regions) as [
    RegionId,
    { publicHost?: string },
  ][]) {
    if (settings.publicHost && hostnameOf(settings.publicHost) === host) return region
  }
  if (request.timeZone && US_TIME_ZONES.has(request.timeZone) && topology.regions.us) return 'us'
  return 'sg'
}

export function defaultEnvironmentOf(topology: Topology, region: RegionId): EnvironmentName {
  const settings = topology.regions[region] ?? topology.regions.sg ?? Object.values(topology.regions)[0]
  if (!settings) throw new Error('the topology has no region')
  return settings.defaultEnvironment
}
