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
  return {
    environments,
    regions: {
      sg: { defaultEnvironment: 'sg-k8s', publicHost: 'localhost' },
      us: { defaultEnvironment: 'us-k8s', publicHost: '127.0.0.1' },
      hk: { defaultEnvironment: 'hk' },
      ten: { defaultEnvironment: 'ten' },
    },
  }
}
