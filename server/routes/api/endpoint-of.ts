import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type EndpointMatch, findEndpointByPath } from '../../../shared/api/endpoints.ts'

/** The proxy's route (proxy.server.ts): its `*` parameter is the endpoint's path. */
export const API_ROUTE = '/api/*'

declare module 'fastify' {
  interface FastifyRequest {
    /** The endpoint an `/api` call names, once looked up (false: none); null before. */
    apiEndpointMatch: EndpointMatch | false | null
  }
}

/** Declares the request field before any hook sets it (a field added later would reshape every request). */
export function decorateApiEndpoint(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('apiEndpointMatch')) app.decorateRequest('apiEndpointMatch', null)
}

/**
 * The endpoint of the table an `/api/*` call names, looked up once per request: the rate limit
 * (which bucket it spends) and the proxy (what it forwards) read the same answer for the same
 * path spelling, and the table is not searched twice. Undefined off the proxy's route.
 */
export function apiEndpointOf(request: FastifyRequest): EndpointMatch | undefined {
  if (request.routeOptions.url !== API_ROUTE) return undefined
  if (request.apiEndpointMatch === null || request.apiEndpointMatch === undefined) {
    const path = (request.params as { '*'?: string })['*']
    request.apiEndpointMatch = (path !== undefined && findEndpointByPath(request.method, path)) || false
  }
  return request.apiEndpointMatch || undefined
}
