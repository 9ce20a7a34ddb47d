import { type ApiEnvelope, SUCCESS_CODE } from '../envelope.ts'
import type { Language } from '../language.ts'
import type { EndpointRoute } from './endpoints/define.ts'
import { API_BASE, API_TIMEOUT_MS, NOTIFICATION_DURATION_MS, TOAST_DURATION_MS } from './limits.ts'
import { fillPath, isValidPathParam, pathPlaceholders } from './path.ts'
import { encodeQuery, queryLimitProblem } from './query.ts'
import { EMPTY_BODY_CODE, LOCAL_CODES, readAnswer, statusMessageKey } from './response.ts'

/**
 * The browser call layer (spec §7 "Call layer", §8 "Client behaviour"). It takes the endpoint itself
 * (`signInEndpoints.loginEmailCheck` from shared/api/endpoints/signIn.ts), never a name looked up in
 * the whole table: a page bundles only the flows it calls.
 */

export interface Toast {
  kind: 'error' | 'success' | 'info'
  message: string
  durationMs: number
}

export interface ApiClientOptions {
  /** Prefix of every endpoint path; default `/api`. */
  base?: string
  /** Default 20000 ms. */
  timeoutMs?: number
  /** Default: the global fetch, looked up at call time. */
  fetch?: typeof fetch
  language: () => Language
  /** Text for an i18n key (`errors:timeout`), or `fallback`/undefined when there is none. */
  translate: (key: string, fallback?: string) => string | undefined
  notify?: (toast: Toast) => void
  /** Try `errors:code.<code>_0` before `errors:code.<code>` (spec §7 "a variant with suffix _0"). */
  preferZeroVariant?: boolean
  /** Texts by key (`errors:network`) for when `translate` has none; default: one generic sentence. */
  fallbackTexts?: Readonly<Record<string, string>>
  /** IANA time zone sent as `X-Time-Zone`; default the browser's. Return undefined to send none. */
  timeZone?: () => string | undefined
}

export interface CallOptions {
  /** The payload: the body, or the query for GET. Path parameters are taken from it first. */
  data?: Record<string, unknown>
  /** Always the query string; path parameters are taken from it when data lacks them. */
  params?: Record<string, unknown>
  /** On failure show a toast (`true`, 3 s) or a notification (`'notification'`, 4.5 s). */
  notify?: boolean | 'notification'
  /** `false`: resolve with the failure envelope instead of rejecting with `ApiError`. */
  throws?: boolean
  signal?: AbortSignal
}

export interface ApiClient {
  call<Item = Record<string, unknown>>(
    endpoint: EndpointRoute,
    options?: CallOptions,
  ): Promise<ApiEnvelope<Item>>
}

export class ApiError<Item = Record<string, unknown>> extends Error {
  override name = 'ApiError'
  readonly endpoint: string
  readonly envelope: ApiEnvelope<Item>

  constructor(endpoint: string, envelope: ApiEnvelope<Item>) {
    super(envelope.retMsg || `${endpoint} failed with ${envelope.retCode}`)
    this.endpoint = endpoint
    this.envelope = envelope
  }

  get retCode(): string {
    return this.envelope.retCode
  }
}

/**
 * Neither success nor the empty answer of a 2xx without body. The empty answer resolves quietly:
 * there is nothing to report, and nothing to show in a toast.
 */
export function isFailure(envelope: Pick<ApiEnvelope, 'retCode'>): boolean {
  return envelope.retCode !== SUCCESS_CODE && envelope.retCode !== EMPTY_BODY_CODE
}

/** IANA names only: letters, digits, `/ _ + -`. Anything else is not sent (header injection, junk). */
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/
/** An upstream code worth looking up as `errors:code.<code>`; dots or colons would walk other keys. */
const CODE_KEY = /^[A-Za-z0-9_-]{1,32}$/

/**
 * The last resort when the translator has no text at all (the `errors` namespace is loaded on
 * every page, so this is for misconfigured callers). Not the English table itself: that would put
 * English strings into every Chinese page. Callers may pass `fallbackTexts`.
 */
const LAST_RESORT = 'Something went wrong. Please try again.'

/** The browser's time zone, asked once per page: `null` until then. */
let knownTimeZone: string | undefined | null = null

/**
 * The first `Intl.DateTimeFormat` of a page loads the time-zone data: ≈ 25 ms of main thread on
 * a fast machine, ≈ 90 ms on a phone, and it fell inside the page's first long task when a page
 * called /api from an effect (sign-up's captcha). Asked once per page, in a task of its own
 * (`send` yields to the event loop before the first look-up), so it never lengthens another.
 */
function browserTimeZone(): string | undefined {
  if (knownTimeZone === null) {
    try {
      knownTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    } catch {
      knownTimeZone = undefined
    }
  }
  return knownTimeZone
}

class InvalidRequest extends Error {}

/** Something from an endpoint table (a caller in plain JavaScript could pass anything). */
function isRoute(value: unknown): value is EndpointRoute {
  const route = value as Partial<EndpointRoute> | null | undefined
  return (
    typeof route?.name === 'string' &&
    typeof route.path === 'string' &&
    (route.method === 'GET' || route.method === 'POST')
  )
}

interface Prepared {
  url: string
  init: RequestInit & { headers: Record<string, string> }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = (options.base ?? API_BASE).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS
  const timeZone = options.timeZone ?? browserTimeZone

  const text = (key: string): string => {
    const fallback = options.fallbackTexts?.[key] ?? options.fallbackTexts?.['errors:generic'] ?? LAST_RESORT
    return options.translate(key, fallback) || fallback
  }

  const codeText = (retCode: string): string | undefined => {
    if (!CODE_KEY.test(retCode)) return undefined
    const keys = options.preferZeroVariant
      ? [`errors:code.${retCode}_0`, `errors:code.${retCode}`]
      : [`errors:code.${retCode}`]
    for (const key of keys) {
      const found = options.translate(key)
      if (found) return found
    }
    return undefined
  }

  const local = (retCode: string, key: string): ApiEnvelope<Record<string, unknown>> => ({
    retCode,
    retMsg: text(key),
    item: {},
    items: [],
  })

  function prepare(endpoint: EndpointRoute, call: CallOptions): Prepared {
    const { name } = endpoint
    const data: Record<string, unknown> = { ...call.data }
    const params: Record<string, unknown> = { ...call.params }
    // A client-side flag of the original app; never part of a request.
    delete data.isTen
    delete params.isTen

    const values: Record<string, string> = {}
    for (const placeholder of pathPlaceholders(endpoint.path)) {
      const source = data[placeholder.name] !== undefined ? data : params
      const raw = source[placeholder.name]
      const value =
        typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw)) ? String(raw) : ''
      if (!isValidPathParam(placeholder, value)) {
        throw new InvalidRequest(`${name}: path parameter ${placeholder.name} is missing or not usable`)
      }
      values[placeholder.name] = value
      delete data[placeholder.name]
      delete params[placeholder.name]
    }

    const query = endpoint.method === 'GET' ? { ...params, ...data } : params
    const problem = queryLimitProblem(query) ?? (endpoint.json ? undefined : queryLimitProblem(data))
    if (problem) throw new InvalidRequest(`${name}: ${problem}`)
    const search = encodeQuery(query)

    const headers: Record<string, string> = {
      Accept: 'application/json',
      language: options.language(),
      // The BFF refuses unsafe /api calls without it: a cross-site form cannot set a custom header.
      'X-Requested-With': 'XMLHttpRequest',
    }
    const zone = timeZone()
    if (zone && TIME_ZONE.test(zone)) headers['X-Time-Zone'] = zone

    const init: Prepared['init'] = { method: endpoint.method, headers, credentials: 'same-origin' }
    if (endpoint.method !== 'GET') {
      if (endpoint.json) {
        headers['Content-Type'] = 'application/json'
        init.body = JSON.stringify(data)
      } else {
        headers['Content-Type'] = 'application/x-www-form-urlencoded'
        init.body = encodeQuery(data)
      }
    }
    const root = endpoint.base ?? base
    return { url: `${root}/${fillPath(endpoint.path, values)}${search ? `?${search}` : ''}`, init }
  }

  async function send(
    endpoint: EndpointRoute,
    call: CallOptions,
  ): Promise<ApiEnvelope<Record<string, unknown>>> {
    if (!options.timeZone && knownTimeZone === null && typeof window !== 'undefined') {
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    let prepared: Prepared
    try {
      if (!isRoute(endpoint)) throw new InvalidRequest('not an endpoint')
      prepared = prepare(endpoint, call)
    } catch (error) {
      if (!(error instanceof InvalidRequest)) throw error
      return local(LOCAL_CODES.invalidRequest, 'errors:badRequest')
    }

    const caller = call.signal
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout
    const failure = (error: unknown) => {
      // Which signal fired decides, not the error's name: fetch implementations differ there.
      if (caller?.aborted) {
        const reason: unknown = caller.reason
        const timedOut = reason instanceof Error && reason.name === 'TimeoutError'
        return timedOut
          ? local(LOCAL_CODES.timeout, 'errors:timeout')
          : local(LOCAL_CODES.aborted, 'errors:aborted')
      }
      if (timeout.aborted || (error instanceof Error && error.name === 'TimeoutError')) {
        return local(LOCAL_CODES.timeout, 'errors:timeout')
      }
      if (error instanceof Error && error.name === 'AbortError')
        return local(LOCAL_CODES.aborted, 'errors:aborted')
      return local(LOCAL_CODES.network, 'errors:network')
    }
    if (caller?.aborted) return failure(caller.reason)

    let status: number
    let body: string
    try {
      const fetchImpl = options.fetch ?? globalThis.fetch
      const response = await fetchImpl(prepared.url, { ...prepared.init, signal })
      status = response.status
      body = await response.text()
    } catch (error) {
      return failure(error)
    }

    const { envelope, hasMessage } = readAnswer(status, body)
    if (!isFailure(envelope)) return envelope
    const fallbackKey = status >= 200 && status < 300 ? 'errors:generic' : statusMessageKey(status)
    envelope.retMsg = codeText(envelope.retCode) ?? (hasMessage ? envelope.retMsg : text(fallbackKey))
    return envelope
  }

  return {
    async call<Item = Record<string, unknown>>(endpoint: EndpointRoute, call: CallOptions = {}) {
      const envelope = await send(endpoint, call)
      if (isFailure(envelope)) {
        // A caller that aborts (a closed dialog, a new search) knows why: no toast for it.
        if (call.notify && options.notify && envelope.retCode !== LOCAL_CODES.aborted) {
          options.notify({
            kind: 'error',
            message: envelope.retMsg || text('errors:generic'),
            durationMs: call.notify === 'notification' ? NOTIFICATION_DURATION_MS : TOAST_DURATION_MS,
          })
        }
        if (call.throws !== false) throw new ApiError(String(endpoint?.name), envelope as ApiEnvelope<Item>)
      }
      // The shape of `item` is the endpoint's contract; it is not checked here.
      return envelope as ApiEnvelope<Item>
    },
  }
}
