/**
 * The sandbox upstream in a process of its own, for `npm run bench` / `npm run load`: the BFF is
 * measured the way it runs in production (upstreams elsewhere), so its memory, start-up and CPU
 * are not mixed with the sandbox's. Prints the topology (UPSTREAMS_JSON) as one JSON line.
 */
import { startSandbox } from '../../sandbox/index.ts'
import { sandboxTopology } from '../../server/sandbox-topology.ts'
import { TEN_HOST } from './server.ts'

const first = Number(process.env.SANDBOX_PORT)
if (!first) throw new Error('SANDBOX_PORT is required')
const sandbox = await startSandbox({
  host: '127.0.0.1',
  ports: { sg: first, us: first + 1, hk: first + 2, ten: first + 3 },
  ...(process.env.LINK_ORIGIN ? { linkOrigin: process.env.LINK_ORIGIN } : {}),
})
const topology = sandboxTopology(sandbox)
// The load's "slow ten" row sends /api calls to the forwarded `ten` by the host rule (spec §4):
// no time zone leads there, and a signed-in ten session per connection is more than the row needs.
if (topology.regions.ten) topology.regions.ten.publicHost = TEN_HOST
process.stdout.write(`${JSON.stringify(topology)}\n`)
process.once('SIGTERM', () => {
  void sandbox.close().then(() => process.exit(0))
})
