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

/** Echoes the id to the client, so a person reporting a problem can quote it. */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id)
    })
  },
  { name: 'request-id', fastify: '5.x' },
)
