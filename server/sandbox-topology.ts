import type { Topology } from '../config/index.ts'
import type { RunningSandbox } from '../sandbox/index.ts'
import { ENVIRONMENT_NAMES } from '../shared/regions.ts'

/** Environments the sandbox reaches through its forwarder, as the real `ten` region is. */
const FORWARDED = new Set(['ten'])

/** The topology of a running sandbox: every environment on loopback, `ten` in forward mode. */
export function sandboxTopology(sandbox: RunningSandbox): Topology {
  const environments: Topology['environments'] = {}
  for (const name of ENVIRONMENT_NAMES) {
    const { url, region } = sandbox.environments[name]
    environments[name] = FORWARDED.has(name)
      ? {
          region,
          upstream: url,
          forwarder: { url: sandbox.forwarderUrl, env: name, domain: new URL(url).host },
        }
      : { region, upstream: url }
  }
  // Known regional hosts (spec §4): `sg.localhost` and `us.localhost` reach this machine in browsers,
  // so both halves of the host rule can be tried; plain `localhost` leaves it to the time zone.
  // The sandbox's stand-in for each region's product console (sandbox/admin.ts).
  const consoleOf = (region: keyof typeof sandbox.regions) =>
    `${sandbox.regions[region].url}/__sandbox/console`
  return {
    environments,
    regions: {
      sg: { defaultEnvironment: 'sg-k8s', publicHost: 'sg.localhost', consoleUrl: consoleOf('sg') },
      us: { defaultEnvironment: 'us-k8s', publicHost: 'us.localhost', consoleUrl: consoleOf('us') },
      hk: { defaultEnvironment: 'hk', consoleUrl: consoleOf('hk') },
      ten: { defaultEnvironment: 'ten', consoleUrl: consoleOf('ten') },
    },
  }
}
