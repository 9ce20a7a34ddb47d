import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { type AppConfig, loadConfig, type Topology } from '../../../config/index.ts'
import type { RunningSandbox } from '../../../sandbox/index.ts'
import { buildApp } from '../../../server/app.ts'
import { sandboxTopology } from '../../../server/sandbox-topology.ts'
import { ROOT, SAME_ORIGIN, sessionKey } from '../../support/root.ts'
import { waitFor } from '../../support/wait.ts'

interface Teardown {
  teardown(fn: () => unknown): void
}

/**
 * Environment of every BFF these tests build. The rate limits are raised far out of the way: the
 * tests send many calls from one address on purpose, and the limits have tests of their own.
 */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  SESSION_KEYS: sessionKey(7),
  RATE_LIMIT_SIGN_IN: '100000/1m',
  RATE_LIMIT_SIGN_UP: '100000/1m',
  RATE_LIMIT_RESET: '100000/1m',
  RATE_LIMIT_CODE: '100000/1m',
}

/**
 * The sandbox's topology without the regional public hosts, so the host rule of the sign-up flow
 * never moves a test's pre-sign-in calls away from the default region (sg, or the first region).
 */
export function plainTopology(sandbox: RunningSandbox): Topology {
  const topology = sandboxTopology(sandbox)
  for (const region of Object.values(topology.regions)) delete region?.publicHost
  return topology
}

/**
 * The BFF as server.ts builds it from configuration: the topology goes through `UPSTREAMS_JSON`
 * and the config schema, not straight into buildApp.
 */
export async function appWithUpstreams(
  t: Teardown,
  topology: Topology,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; config: AppConfig }> {
  const config = loadConfig({ ...TEST_ENV, UPSTREAMS_JSON: JSON.stringify(topology), ...env })
  if (config.upstreams.kind !== 'configured') throw new Error('UPSTREAMS_JSON was not taken')
  const app = await buildApp({ config, topology: config.upstreams.topology, root: ROOT, ssr: false })
  t.teardown(() => app.close())
  await app.ready()
  return { app, config }
}

/** An /api call as our pages make it (same-origin fetch with the custom header). */
export function apiPost(
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, ...headers }, payload })
}

export { armFault, clearFault } from '../../support/sandbox-faults.ts'

export async function clearRequests(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/__sandbox/requests`, { method: 'DELETE' })
}

export type { LoggedRequest } from '../../../sandbox/requestLog.ts'
/** The request log of one sandbox server, oldest first (the same helper as tests/helper.ts). */
export { sandboxRequests as requestLog } from '../../helper.ts'

/** A loopback port nothing listens on (it was free a moment ago and is closed again). */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Polls until `check` holds (tests/support/wait.ts); `ceilingMs` is a hang guard. */
export async function waitUntil(what: string, check: () => Promise<boolean>, ceilingMs?: number) {
  await waitFor(what, check, { ceilingMs, intervalMs: 25 })
}
