import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Topology } from '../../../config/index.ts'
import type { EndpointName } from '../../../shared/api/endpoints.ts'
import { type ApiEnvelope, envelope, isSuccess } from '../../../shared/envelope.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { refusalStatus } from '../../not-in-flow.ts'
import { refusedInput } from '../../refused-input.ts'
import { defaultEnvironmentOf } from '../../region.ts'
import { callEndpoint } from '../../upstream/call-endpoint.server.ts'
import { upstreamFailureAnswer } from '../../upstream/failure-answer.ts'
import { API_ROUTE, apiEndpointOf, decorateApiEndpoint } from './endpoint-of.ts'
import { environmentFor } from './environment.ts'
import type { FlowHooks } from './flow.ts'
import { findToken, withoutTokens } from './tokens.ts'

export interface ProxyOptions {
  publicOrigin: string | undefined
  topology: Topology
  /** Account flows that keep their state in the session around the upstream calls. */
  flows?: readonly FlowHooks[]
}

function sendEnvelope(reply: FastifyReply, status: number, body: ApiEnvelope) {
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

/** Every endpoint of the table as `/api/<its path>`: checked, validated, then sent upstream. */
export async function apiProxyRoutes(app: FastifyInstance, options: ProxyOptions) {
  // Which flows take part in which endpoint's calls, from their own lists: no names here.
  const flowsOf = new Map<EndpointName, FlowHooks[]>()
  for (const flow of options.flows ?? [])
    for (const name of flow.endpoints) flowsOf.set(name, [...(flowsOf.get(name) ?? []), flow])
  decorateApiEndpoint(app)
  app.route({
    method: ['GET', 'POST'],
    url: API_ROUTE,
    // Our pages' fetch calls only, GETs included (security.md #7): the one guard (own-pages.ts).
    config: { ownPages: 'fetch' },
    // Answers go out as they are and bodies are read as they come (ADR 0106): a few hundred bytes
    // of JSON gain nothing from compression, which could only put an answer's echo of the caller's
    // input next to a secret under one compressed length (BREACH); no page sends a compressed body.
    // Off here, @fastify/compress adds no hook to the route at all.
    compress: false,
    decompress: false,
    handler: async (request, reply) => {
      const match = apiEndpointOf(request)
      // Only rows a page may call (the endpoint-behaviour table): flow-only endpoints need state a
      // flow on the server holds, internal ones are server to server (security.md #20).
      if (match?.endpoint.access !== 'page') {
        return sendEnvelope(reply, 404, envelope('404', i18nFor(request.language).t('errors:notFound')))
      }
      const { name, endpoint, params } = match
      const t = i18nFor(request.language).t
      // A cookie that did not open (changed, expired, key removed) is answered, never ignored.
      const mustSignIn = endpoint.session === 'needsSession' && request.sessionArrival !== 'signedIn'
      if (mustSignIn || request.sessionArrival === 'invalid') {
        return sendEnvelope(reply, 401, envelope('401', t('errors:unauthorized')))
      }
      const raw = (endpoint.method === 'GET' ? request.query : request.body) ?? {}
      const parsed = endpoint.schema ? endpoint.schema.safeParse(raw) : { success: true as const, data: raw }
      if (!parsed.success) return sendEnvelope(reply, 400, refusedInput(request, parsed.error.issues))
      const data = { ...(parsed.data as Record<string, unknown>) }
      delete data.isTen
      // On GET the `language` query chose the page language; upstream gets the header instead.
      if (endpoint.method === 'GET') delete data.language
      const flows = flowsOf.get(name) ?? []
      const flowRegion = flows.map((flow) => flow.region?.(name, request, data)).find(Boolean)
      for (const flow of flows) {
        const refusal = await flow.before?.(name, request, data)
        if (refusal) return sendEnvelope(reply, refusalStatus(refusal), refusal)
      }
      const environment =
        flowRegion && options.topology.regions[flowRegion]
          ? defaultEnvironmentOf(options.topology, flowRegion)
          : environmentFor(request, options.topology)
      let answer: ApiEnvelope
      try {
        ;({ answer } = await callEndpoint(request, options.topology, name, data, { params, environment }))
      } catch (error) {
        const failed = upstreamFailureAnswer(request, error, { endpoint: name, environment })
        return sendEnvelope(reply, failed.status, failed.body)
      }
      for (const flow of flows)
        answer = (await flow.after?.(name, request, reply, data, answer, environment)) ?? answer
      // No page row signs in (every sign-in is a flow's, tests/sandbox/behaviour-table.test.ts):
      // a token here is a refreshed one, and replaces the sealed one only in a signed-in session.
      const token = findToken(answer.item) ?? findToken(answer.items)
      if (token && isSuccess(answer) && request.sessionArrival === 'signedIn') {
        request.session.set('token', token)
      }
      return sendEnvelope(reply, 200, withoutTokens(answer))
    },
  })
}
