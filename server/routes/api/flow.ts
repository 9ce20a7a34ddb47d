import type { FastifyReply, FastifyRequest } from 'fastify'
import type { EndpointName } from '../../../shared/api/endpoints.ts'
import type { ApiEnvelope } from '../../../shared/envelope.ts'
import type { EnvironmentName, RegionId } from '../../../shared/regions.ts'

/**
 * What an account flow adds to the `/api` proxy: state that lives in the sealed session instead
 * of the page (BRIEF rule 3), read before the upstream call and updated from its answer.
 */
export interface FlowHooks {
  /** The endpoints whose `/api` calls this flow takes part in: the proxy asks it about no other. */
  endpoints: readonly EndpointName[]
  /**
   * Called with the validated data before the upstream call; may add fields from the session.
   * An envelope returned here answers the browser instead (with HTTP 200, as the upstream would).
   * May wait for the shared store (a sign-up's start asks who owns its address).
   */
  before?(
    name: EndpointName,
    request: FastifyRequest,
    data: Record<string, unknown>,
  ): ApiEnvelope | undefined | Promise<ApiEnvelope | undefined>
  /**
   * The region the call must go to when the flow knows it better than the session (a sign-up's
   * region, decided once at its start). Asked before `before`, with the validated data.
   */
  region?(name: EndpointName, request: FastifyRequest, data: Record<string, unknown>): RegionId | undefined
  /**
   * Called with the upstream's answer before it goes to the browser (awaited: it may sign out);
   * may return the answer the browser gets instead (e.g. without upstream hosts).
   */
  after?(
    name: EndpointName,
    request: FastifyRequest,
    reply: FastifyReply,
    data: Record<string, unknown>,
    answer: ApiEnvelope,
    environment: EnvironmentName,
  ): ApiEnvelope | undefined | Promise<ApiEnvelope | undefined>
}
