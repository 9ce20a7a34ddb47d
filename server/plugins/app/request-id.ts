import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * What we accept from the ingress as a request id: ingress-nginx sends 32 hex digits, others a
 * UUID. Anything longer or with other characters is replaced, so a client cannot write into our
 * log lines (newlines, JSON) or make them huge.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/

type TrustProxy = boolean | string[]
type Trusts = (address: string, hop: number) => boolean

const compiled = new WeakMap<string[], Trusts>()

/**
 * Fastify's own reading of TRUST_PROXY (lib/request.js, the same @fastify/proxy-addr `compile`):
 * `true` trusts every peer, `false` none, a list its addresses, CIDRs and named ranges.
 */
function trustsOf(trustProxy: TrustProxy | undefined): Trusts {
  if (trustProxy === true) return () => true
  if (!Array.isArray(trustProxy)) return () => false
  let trusts = compiled.get(trustProxy)
  if (!trusts) {
    trusts = proxyAddr.compile(trustProxy)
    compiled.set(trustProxy, trusts)
  }
  return trusts
}

/**
 * The id of a request: the one our ingress sent when the connection comes from a proxy TRUST_PROXY
 * trusts and the id looks like one, else a fresh UUID. A client talking to us directly (or through
 * an untrusted hop) cannot choose the id that our logs and the upstream's are searched by
 * (security.md §23).
 */
function requestIdOf(request: IncomingMessage, trustProxy: TrustProxy | undefined): string {
  const given = request.headers[REQUEST_ID_HEADER]
  if (typeof given !== 'string' || !ACCEPTED_ID.test(given)) return randomUUID()
  const peer = request.socket?.remoteAddress
  return peer !== undefined && trustsOf(trustProxy)(peer, 0) ? given : randomUUID()
}

/**
 * Fastify options (they must be given when the instance is created): every request's id comes
 * from the trusted ingress's X-Request-Id or is generated, and Fastify's per-request logger writes
 * it as `reqId` on every line logged for that request. Fastify calls genReqId on the instance, whose
 * `config` (decorated by buildApp) holds TRUST_PROXY; without it no proxy is trusted.
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId(this: Partial<Pick<FastifyInstance, 'config'>> | undefined, request: IncomingMessage): string {
    return requestIdOf(request, this?.config?.trustProxy)
  },
} as const

/**
 * Echoes the id to the client (a person reporting a problem can quote it). Upstream calls send it
 * on from the request they are made for (`callEndpoint`), not from an AsyncLocalStorage scope
 * opened around every request for the one place that read it (issue 19 point 5: the `/api` call's
 * cost, counted with `npm run bench:instructions`).
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id)
      done()
    })
  },
  { name: 'request-id', fastify: '5.x' },
)
