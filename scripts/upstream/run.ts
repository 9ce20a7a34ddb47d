import type { Topology } from '../../config/index.ts'
import { UpstreamClient, type UpstreamExchange } from '../../server/upstream/client.server.ts'
import { UpstreamError } from '../../server/upstream/errors.ts'
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.ts'
import { fillPath } from '../../shared/api/path.ts'
import { UPSTREAM_NOTES } from '../../shared/api/upstream-notes.ts'
import type { EnvironmentName, RegionId } from '../../shared/regions.ts'
import type { ContractChecker } from './conformance.ts'
import { NOT_CALLED_YET, PROBES, type Probe, type ProbeContext } from './probes.ts'

export type Outcome = 'conforms' | 'differs' | 'not reachable' | 'skipped'

export interface EndpointResult {
  name: EndpointName
  outcome: Outcome
  /** The retCode answered, when there was an answer. */
  retCode?: string
  /** What differs, why it was not reachable, or why it was skipped. */
  detail: string[]
}

export interface ContractRun {
  /** Base URL of the environment's upstream services. */
  upstream: string
  /** The environment the calls are for (the forward wrapper's `env`). */
  environment: EnvironmentName
  region: RegionId
  /** The forwarder's base URL, when forward mode is checked too. */
  forwarder?: string
  /** Also the calls that change state; needs `account`. */
  write: boolean
  /** The test account (fixed test identities only). */
  account?: { email: string; password: string }
  timeoutMs?: number
  language?: 'en' | 'zh'
  /** Sees every exchange (tests collect them). */
  onExchange?: (exchange: UpstreamExchange) => void
}

function topologyOf(run: ContractRun, forwarded: boolean): Topology {
  const environment = {
    region: run.region,
    upstream: run.upstream,
    ...(forwarded && run.forwarder
      ? { forwarder: { url: run.forwarder, env: run.environment, domain: new URL(run.upstream).host } }
      : {}),
  }
  return {
    environments: { [run.environment]: environment },
    regions: { [run.region]: { defaultEnvironment: run.environment } },
  }
}

function skipReason(probe: Probe, run: ContractRun, context: ProbeContext): string | undefined {
  if (!UPSTREAM_NOTES[probe.name].readOnly && !run.write)
    return 'changes state: runs with --write and a test account'
  if (probe.needsAccount && !run.account) return 'needs a test account (--account)'
  if (probe.needsToken && !context.token)
    return run.account ? 'the test account did not sign in' : 'needs a test account (--account)'
  return undefined
}

/**
 * Calls every endpoint the BFF uses (read-only ones by default) through the BFF's own upstream
 * client — same paths, methods, encodings, headers, forward mode — and compares each exchange
 * with docs/upstream/openapi.yaml.
 */
export async function runContract(run: ContractRun, checker: ContractChecker): Promise<EndpointResult[]> {
  if (run.write && !run.account) throw new Error('--write needs an explicit test account (--account)')
  const results = new Map<EndpointName, EndpointResult>()
  const context: ProbeContext = { account: run.account, token: undefined, challenge: undefined }
  const seen: UpstreamExchange[] = []
  const clients = [false, true].map((forwarded) => {
    const client = new UpstreamClient({
      topology: topologyOf(run, forwarded),
      timeoutMs: run.timeoutMs ?? 20_000,
    })
    client.observe((exchange) => {
      seen.push(exchange)
      run.onExchange?.(exchange)
    })
    return client
  })
  const [direct, viaForwarder] = clients as [UpstreamClient, UpstreamClient]
  try {
    for (const probe of PROBES) {
      const reason = skipReason(probe, run, context)
      if (reason) {
        results.set(probe.name, { name: probe.name, outcome: 'skipped', detail: [reason] })
        continue
      }
      results.set(probe.name, await callProbe(direct, probe, run, context, checker, seen))
    }
    results.set('channelForward', await callForwarded(viaForwarder, run, checker, seen))
  } finally {
    await Promise.all(clients.map((client) => client.close()))
  }
  for (const name of NOT_CALLED_YET) {
    results.set(name, { name, outcome: 'skipped', detail: ['the BFF does not call it yet'] })
  }
  return ENDPOINT_NAMES.map(
    (name) =>
      results.get(name) ?? {
        name,
        outcome: 'skipped',
        detail: ['no probe for it (add one in scripts/upstream/probes.ts)'],
      },
  )
}

async function send(client: UpstreamClient, probe: Probe, run: ContractRun, context: ProbeContext) {
  const endpoint = ENDPOINTS[probe.name]
  const data = probe.data(context)
  const upstreamData = endpoint.toUpstream ? endpoint.toUpstream(data) : data
  return client.call({
    environment: run.environment,
    path: `/${fillPath(endpoint.path, probe.params ?? {})}`,
    method: endpoint.upstreamMethod,
    ...(endpoint.upstreamMethod === 'GET' ? { query: upstreamData } : { body: upstreamData }),
    json: endpoint.json,
    language: run.language ?? 'en',
    ...(probe.needsToken && context.token ? { bearerToken: context.token } : {}),
    requestId: 'contract-suite',
  })
}

function failure(name: EndpointName, error: unknown): EndpointResult {
  if (error instanceof UpstreamError && (error.failure === 'unavailable' || error.failure === 'timeout')) {
    return { name, outcome: 'not reachable', detail: [error.message] }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { name, outcome: 'differs', detail: [`answer: ${message}`] }
}

function verdictOf(
  name: EndpointName,
  exchanges: UpstreamExchange[],
  checker: ContractChecker,
): EndpointResult {
  const exchange = exchanges.find(
    (candidate) => checker.find(candidate.method, candidate.path)?.compiled.name === name,
  )
  if (!exchange) return { name, outcome: 'differs', detail: ['no exchange was recorded for it'] }
  const { differences } = checker.check(exchange)
  const retCode = (exchange.answer as { retCode?: unknown; code?: unknown } | null)?.retCode
  return {
    name,
    outcome: differences.length ? 'differs' : 'conforms',
    ...(retCode !== undefined ? { retCode: String(retCode) } : {}),
    detail: differences,
  }
}

async function callProbe(
  client: UpstreamClient,
  probe: Probe,
  run: ContractRun,
  context: ProbeContext,
  checker: ContractChecker,
  seen: UpstreamExchange[],
): Promise<EndpointResult> {
  const from = seen.length
  try {
    const answer = await send(client, probe, run, context)
    probe.after?.(answer, context)
  } catch (error) {
    const recorded = seen.slice(from)
    // An answer that was read but is not an envelope (non-JSON, 5xx) still differs with detail.
    if (recorded.length === 0) return failure(probe.name, error)
    const result = verdictOf(probe.name, recorded, checker)
    return result.outcome === 'differs' ? result : failure(probe.name, error)
  }
  return verdictOf(probe.name, seen.slice(from), checker)
}

/** Forward mode: `loginConfig` wrapped for the forwarder; the wrapper's answer is `channelForward`'s. */
async function callForwarded(
  client: UpstreamClient,
  run: ContractRun,
  checker: ContractChecker,
  seen: UpstreamExchange[],
): Promise<EndpointResult> {
  if (!run.forwarder)
    return { name: 'channelForward', outcome: 'skipped', detail: ['no forwarder (--forwarder)'] }
  const probe = PROBES.find((candidate) => candidate.name === 'loginConfig') as Probe
  const from = seen.length
  try {
    await send(client, probe, run, { account: undefined, token: undefined, challenge: undefined })
  } catch (error) {
    if (seen.length === from) return failure('channelForward', error)
  }
  const recorded = seen.slice(from)
  const wrapper = verdictOf('channelForward', recorded, checker)
  const inner = recorded.filter((exchange) => exchange.path !== recorded[0]?.path)
  const innerVerdict = inner.length ? verdictOf('loginConfig', inner, checker) : undefined
  if (innerVerdict && innerVerdict.outcome === 'differs') {
    return {
      ...wrapper,
      outcome: 'differs',
      detail: [...wrapper.detail, ...innerVerdict.detail.map((line) => `inner loginConfig ${line}`)],
    }
  }
  return wrapper
}
