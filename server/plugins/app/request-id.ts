import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'

export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * What we accept from the ingress as a request id: ingress-nginx sends 32 hex digits, others a
 * UUID. Anything longer or with other characters is replaced, so a client cannot write into our
 * log lines (newlines, JSON) or make them huge.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/

function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID()
}

/**
 * Fastify options (they must be given when the instance is created): every request's id comes
 * from the ingress's X-Request-Id or is generated, and Fastify's per-request logger writes it as
 * `reqId` on every line logged for that request.
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: requestIdOf,
} as const

const currentRequest = new AsyncLocalStorage<string>()

/**
 * The id of the request being handled, wherever the code runs (an upstream call deep in a route),
 * so no caller has to pass it along; undefined outside a request.
 */
export function currentRequestId(): string | undefined {
  return currentRequest.getStore()
}

/** Echoes the id to the client (a person reporting a problem can quote it) and scopes it. */
export default fp(
  async (app) => {
    // Callback style on purpose: the rest of the request's lifecycle runs inside run().
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id)
      currentRequest.run(request.id, done)
    })
  },
  { name: 'request-id', fastify: '5.x' },
)
