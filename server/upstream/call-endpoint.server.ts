import type { FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.ts'
import { fillPath } from '../../shared/api/path.ts'
import type { ApiEnvelope } from '../../shared/envelope.ts'
import type { EnvironmentName } from '../../shared/regions.ts'
import { environmentFor } from '../routes/api/environment.ts'

export interface EndpointCall {
  /** Path parameters (`{id}`, `{product}`), filled in encoded. */
  params?: Record<string, string>
  /** The session's environment unless a flow knows better (an SSO return, the picker). */
  environment?: EnvironmentName
  /** The session's token unless given; `null`: call without one. */
  bearerToken?: string | null
  /** The request's language unless given (a language switch sends the new one). */
  language?: 'en' | 'zh'
}

export interface EndpointAnswer {
  answer: ApiEnvelope
  environment: EnvironmentName
}

/**
 * The one way the BFF calls an endpoint of the table (the `/api` proxy and every flow module):
 * path filled from the table, the environment chosen server-side, the request's language, the
 * sealed token, the table's method, encoding and upstream shape. Throws UpstreamError when the
 * upstream cannot be reached (the caller turns it into its localised answer).
 */
export async function callEndpoint(
  request: FastifyRequest,
  topology: Topology,
  name: EndpointName,
  data: Record<string, unknown>,
  options: EndpointCall = {},
): Promise<EndpointAnswer> {
  const endpoint = ENDPOINTS[name]
  const environment = options.environment ?? environmentFor(request, topology)
  const upstreamData = endpoint.toUpstream ? endpoint.toUpstream(data) : data
  const bearerToken =
    options.bearerToken === null ? undefined : (options.bearerToken ?? request.session.get('token'))
  const answer = await request.server.upstream.call({
    environment,
    // The one path filler, the browser's too: every placeholder encoded, a missing one an error.
    path: `/${fillPath(endpoint.path, options.params ?? {})}`,
    method: endpoint.upstreamMethod,
    ...(endpoint.upstreamMethod === 'GET' ? { query: upstreamData } : { body: upstreamData }),
    json: endpoint.json,
    language: options.language ?? request.language,
    requestId: request.id,
    ...(bearerToken ? { bearerToken } : {}),
  })
  return { answer, environment }
}
