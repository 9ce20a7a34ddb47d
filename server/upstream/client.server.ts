import { Pool } from 'undici'
import type { EnvironmentConfig, Topology } from '../../config/index.ts'
import { envelopeFromJson } from '../../shared/api/response.ts'
import type { ApiEnvelope } from '../../shared/envelope.ts'
import type { Language } from '../../shared/language.ts'
import type { EnvironmentName } from '../../shared/regions.ts'
import { UpstreamError } from './errors.ts'
import { formEncode } from './form-encode.ts'

/** Largest upstream body we read; anything bigger is a fault, not an answer for a page. */
export const MAX_UPSTREAM_BODY_BYTES = 1024 * 1024
export const FORWARD_PATH = '/basic-channel-service/forward'

export interface UpstreamRequest {
  environment: EnvironmentName
  /** Upstream path with its leading slash, e.g. `/basic-login/serviceLoginNew/4`. */
  path: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Record<string, unknown>
  /** Sent as JSON when `json`, else form-encoded. */
  body?: Record<string, unknown>
  json?: boolean
  language: Language
  bearerToken?: string
  /** Sent as X-Request-Id, so upstream logs can be matched with ours (callEndpoint gives the request's). */
  requestId?: string
}

export interface UpstreamClientOptions {
  topology: Topology
  timeoutMs: number
}

/**
 * One call as it went over the wire (before the answer is read into the envelope): the contract
 * checks (docs/upstream/openapi.yaml) compare it with the description. In forward mode the
 * wrapper call and the inner call are two exchanges. Never logged: it holds the request's data.
 */
export interface UpstreamExchange {
  environment: EnvironmentName
  /** Upstream path with its leading slash, without the environment's base path. */
  path: string
  method: string
  query: Record<string, unknown> | undefined
  body: Record<string, unknown> | undefined
  json: boolean
  language: Language
  bearer: boolean
  status: number
  answer: unknown
}

export type UpstreamObserver = (exchange: UpstreamExchange) => void

interface UpstreamTarget {
  pool: Pool
  /** The base URL's path without its trailing slash (`''` for an origin). */
  basePath: string
}

/**
 * Talks to the regional upstreams. One connection pool per environment (and origin), so a slow or
 * dead environment fills only its own pool and never delays calls to the others: a forwarded
 * environment (`ten`) reaches the forwarder on sg's origin through a pool of its own, not sg's
 * (issue 47 point 4: keyed by origin alone, a slow `ten` queued sg's calls behind its own).
 */
export class UpstreamClient {
  readonly #pools = new Map<string, Pool>()
  readonly #targets = new Map<string, UpstreamTarget>()
  readonly #topology: Topology
  readonly #timeoutMs: number
  readonly #observers = new Set<UpstreamObserver>()

  constructor(options: UpstreamClientOptions) {
    this.#topology = options.topology
    this.#timeoutMs = options.timeoutMs
  }

  environment(name: EnvironmentName): EnvironmentConfig {
    const environment = this.#topology.environments[name]
    if (!environment) throw new UpstreamError('unavailable', `environment ${name} is not configured`)
    return environment
  }

  /** Tests and the contract suite watch every exchange; returns the function that stops watching. */
  observe(observer: UpstreamObserver): () => void {
    this.#observers.add(observer)
    return () => this.#observers.delete(observer)
  }

  /** Calls an environment's pool is sending (`running`) and queueing (`pending`) now: tests read it. */
  poolLoad(environment: EnvironmentName): { running: number; pending: number } {
    const load = { running: 0, pending: 0 }
    for (const [key, pool] of this.#pools) {
      if (!key.startsWith(`${environment} `)) continue
      load.running += pool.stats.running
      load.pending += pool.stats.pending
    }
    return load
  }

  #notify(
    request: UpstreamRequest,
    status: number,
    answer: unknown,
    wrapper?: Record<string, unknown>,
  ): void {
    if (this.#observers.size === 0) return
    const exchange: UpstreamExchange = {
      environment: request.environment,
      path: wrapper ? FORWARD_PATH : request.path,
      method: wrapper ? 'POST' : request.method,
      query: wrapper ? undefined : request.query,
      body: wrapper ?? (request.method === 'GET' ? undefined : request.body),
      json: wrapper ? true : Boolean(request.json),
      language: request.language,
      bearer: Boolean(request.bearerToken),
      status,
      answer,
    }
    for (const observer of this.#observers) observer(exchange)
  }

  async call(request: UpstreamRequest): Promise<ApiEnvelope> {
    const environment = this.environment(request.environment)
    // One timer per call, cleared as soon as the answer is read. Not `AbortSignal.timeout()`: it
    // costs ≈ 30 µs per call (a weak-referenced timer the GC must track) against ≈ 2 µs for this,
    // measured on the `/api` bench path (ADR 0094); the deadline is the same.
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), this.#timeoutMs)
    try {
      return await this.#callWithin(environment, request, deadline.signal)
    } finally {
      clearTimeout(timer)
    }
  }

  async #callWithin(
    environment: EnvironmentConfig,
    request: UpstreamRequest,
    signal: AbortSignal,
  ): Promise<ApiEnvelope> {
    if (environment.forwarder) return this.#forward(environment, request, signal)
    const query = request.query && Object.keys(request.query).length ? `?${formEncode(request.query)}` : ''
    const { status, json } = await this.#send(request.environment, environment.upstream, {
      path: `${request.path}${query}`,
      method: request.method,
      headers: this.#headers(request),
      body: this.#encodeBody(request),
      signal,
    })
    this.#notify(request, status, json)
    return this.#envelopeFrom(status, json)
  }

  /** Forward mode (spec §7): one POST to the forwarder, which calls the environment for us. */
  async #forward(environment: EnvironmentConfig, request: UpstreamRequest, signal: AbortSignal) {
    const forwarder = environment.forwarder!
    const wrapper = {
      url: request.path,
      method: request.method,
      domain: forwarder.domain,
      env: forwarder.env,
      contentType: request.json ? 'json' : 'form-data',
      payload: request.method === 'GET' ? (request.query ?? {}) : (request.body ?? {}),
    }
    const { status, json } = await this.#send(request.environment, forwarder.url, {
      path: FORWARD_PATH,
      method: 'POST',
      headers: { ...this.#headers(request), 'content-type': 'application/json' },
      body: JSON.stringify(wrapper),
      signal,
    })
    this.#notify(request, status, json, wrapper)
    const outer = this.#envelopeFrom(status, json)
    // A non-success from the forwarder itself means the call was never delivered: treat it like an
    // unreachable upstream, and keep the forwarder's own text (internals) out of the page.
    if (outer.retCode !== '000000') {
      throw new UpstreamError('unavailable', `forwarder refused: ${outer.retCode} ${outer.retMsg}`)
    }
    const inner = outer.item as { status?: unknown; body?: unknown }
    if (typeof inner.body !== 'string' || typeof inner.status !== 'number') {
      throw new UpstreamError('badBody', 'forwarder answer without status and body')
    }
    let innerJson: unknown
    try {
      innerJson = JSON.parse(inner.body)
    } catch {
      throw new UpstreamError('badBody', 'forwarded answer is not JSON', inner.status)
    }
    this.#notify(request, inner.status, innerJson)
    return this.#envelopeFrom(inner.status, innerJson)
  }

  #headers(request: UpstreamRequest): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', language: request.language }
    if (request.bearerToken) headers.authorization = `Bearer ${request.bearerToken}`
    if (request.requestId) headers['x-request-id'] = request.requestId
    if (request.body && request.method !== 'GET') {
      headers['content-type'] = request.json ? 'application/json' : 'application/x-www-form-urlencoded'
    }
    return headers
  }

  #encodeBody(request: UpstreamRequest): string | undefined {
    if (!request.body || request.method === 'GET') return undefined
    return request.json ? JSON.stringify(request.body) : formEncode(request.body)
  }

  #envelopeFrom(status: number, json: unknown): ApiEnvelope {
    const envelope = envelopeFromJson(json)
    if (status >= 500) throw new UpstreamError('badStatus', `upstream answered ${status}`, status)
    if (!envelope)
      throw new UpstreamError('badBody', `upstream answered ${status} without an envelope`, status)
    return envelope
  }

  /**
   * The pool and path prefix of an environment's base URL, parsed once: two `new URL()` per call
   * were ≈ 1 % of an `/api` call's CPU. Base URLs come from the topology, a handful per process.
   */
  #target(environment: EnvironmentName, baseUrl: string): UpstreamTarget {
    const key = `${environment} ${baseUrl}`
    let target = this.#targets.get(key)
    if (!target) {
      const { origin, pathname } = new URL(baseUrl)
      target = { pool: this.#pool(`${environment} ${origin}`, origin), basePath: pathname.replace(/\/$/, '') }
      this.#targets.set(key, target)
    }
    return target
  }

  /** The pool of one environment to one origin (`key`: `<environment> <origin>`). */
  #pool(key: string, origin: string): Pool {
    let pool = this.#pools.get(key)
    if (!pool) {
      pool = new Pool(origin, {
        connections: 64,
        keepAliveTimeout: 10_000,
        // Anything bigger is a fault, not an answer for a page: the connection is dropped there.
        maxResponseSize: MAX_UPSTREAM_BODY_BYTES,
      })
      this.#pools.set(key, pool)
    }
    return pool
  }

  async #send(
    environment: EnvironmentName,
    baseUrl: string,
    options: {
      /** Under the base URL's own path. */
      path: string
      method: string
      headers: Record<string, string>
      body: string | undefined
      signal: AbortSignal
    },
  ): Promise<{ status: number; json: unknown }> {
    let response: Awaited<ReturnType<Pool['request']>>
    const { pool, basePath } = this.#target(environment, baseUrl)
    try {
      response = await pool.request({
        path: `${basePath}${options.path}`,
        method: options.method as 'GET',
        headers: options.headers,
        body: options.body,
        signal: options.signal,
      })
    } catch (error) {
      throw this.#transportError(error, options.signal)
    }
    let text: string
    try {
      // undici's own reader (the pool's `maxResponseSize` stops a body past the limit), not a
      // `for await` over the stream: the async iterator cost ≈ 20 µs per call (ADR 0094).
      text = await response.body.text()
    } catch (error) {
      throw this.#transportError(error, options.signal, response.statusCode)
    }
    if (response.statusCode >= 500) {
      throw new UpstreamError('badStatus', `upstream answered ${response.statusCode}`, response.statusCode)
    }
    try {
      return { status: response.statusCode, json: text ? JSON.parse(text) : undefined }
    } catch {
      throw new UpstreamError(
        'badBody',
        `upstream answered ${response.statusCode} with non-JSON`,
        response.statusCode,
      )
    }
  }

  #transportError(error: unknown, signal: AbortSignal, status?: number): UpstreamError {
    if (signal.aborted) return new UpstreamError('timeout', 'upstream did not answer in time')
    const code = (error as { code?: string }).code ?? 'unknown'
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
      return new UpstreamError('tooLarge', `upstream body over ${MAX_UPSTREAM_BODY_BYTES} bytes`, status)
    }
    return new UpstreamError('unavailable', `upstream unreachable (${code})`)
  }

  async close(): Promise<void> {
    await Promise.all([...this.#pools.values()].map((pool) => pool.close()))
    this.#pools.clear()
    this.#targets.clear()
  }
}
