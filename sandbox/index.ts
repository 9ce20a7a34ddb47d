import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { ENVIRONMENT_NAMES, type EnvironmentName, REGION_IDS, type RegionId } from '../shared/regions.ts'
import { buildRegionServer, type RegionServer, type TamperAnswer } from './server.ts'
import { ENVIRONMENT_REGIONS, type SandboxDirectory, SandboxWorld } from './world.ts'

export * from './fixtures.ts'
export { FORWARD_PATH } from './forwarder.ts'
export { ENVIRONMENT_REGIONS, LOCKOUT, TOKEN_TTL_SECONDS } from './world.ts'

export interface RunningSandbox {
  regions: Record<RegionId, { url: string }>
  environments: Record<EnvironmentName, { url: string; region: RegionId }>
  /** Base URL of the server hosting `POST /basic-channel-service/forward` (the sg server). */
  forwarderUrl: string
  close(): Promise<void>
}

export interface SandboxOptions {
  /** Interface to listen on; loopback by default. */
  host?: string
  /** Port per region; 0 (ephemeral) by default. */
  ports?: Partial<Record<RegionId, number>>
  /** `true` or pino options for a fresh logger per server, or a pino logger to derive children from. */
  logger?: boolean | object
  /** Origin of the BFF the e-mailed links lead to; the outbox page links there. */
  linkOrigin?: string
  /** The clock (ms since epoch) behind lockouts, token and ticket lifetimes; tests move it. */
  now?: () => number
  /**
   * Tests only: rewrites the JSON answer of an upstream path before it is sent (a deliberately
   * broken answer shows that the contract checks notice, tests/sandbox/upstream-conformance.test.ts).
   */
  tamperAnswer?: TamperAnswer
}

/** The host part of a URL for a listening address (wildcards become loopback; IPv6 gets brackets). */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

/**
 * Starts one sandbox upstream server per region (sg, us, hk, ten) on loopback. They share one
 * account directory; the sg server also hosts the forwarder.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1'
  const world = new SandboxWorld(options.now ?? Date.now)
  world.linkOrigin = options.linkOrigin
  await world.reset()
  const agent = new Agent({ connections: 32, keepAliveTimeout: 10_000 })
  const urls = new Map<RegionId, string>()
  const servers: RegionServer[] = []

  let closing: Promise<void> | undefined
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await Promise.allSettled(servers.map((server) => server.app.close()))
      await agent.destroy()
    })()
    return closing
  }

  try {
    for (const region of REGION_IDS) {
      const server = await buildRegionServer({
        region,
        world,
        logger: options.logger,
        forwarder: region === 'sg' ? agent : undefined,
        baseUrl: () => urls.get(region) ?? '',
        tamperAnswer: options.tamperAnswer,
      })
      servers.push(server)
      await server.app.listen({ host, port: options.ports?.[region] ?? 0 })
      const address = server.app.server.address() as AddressInfo
      urls.set(region, `http://${urlHost(host)}:${address.port}`)
    }
  } catch (error) {
    await close()
    throw error
  }

  const url = (region: RegionId): string => urls.get(region) ?? ''
  const regions = Object.fromEntries(REGION_IDS.map((region) => [region, { url: url(region) }])) as Record<
    RegionId,
    { url: string }
  >
  const environments = Object.fromEntries(
    ENVIRONMENT_NAMES.map((env) => {
      const region = ENVIRONMENT_REGIONS[env]
      return [env, { url: url(region), region }]
    }),
  ) as Record<EnvironmentName, { url: string; region: RegionId }>
  const directory: SandboxDirectory = { regions, environments }
  world.directory = directory

  return {
    regions: structuredClone(regions),
    environments: structuredClone(environments),
    forwarderUrl: url('sg'),
    close,
  }
}
