import type { ApiEnvelope } from '../envelope.ts'

/** retCode of a 2xx answer without a body (spec §8: "a missing body becomes retCode 0"). */
export const EMPTY_BODY_CODE = '0'

/** retCodes the call layer makes itself, for answers that never came or could not be read. */
export const LOCAL_CODES = {
  timeout: 'TIMEOUT',
  network: 'NETWORK',
  aborted: 'ABORTED',
  /** The call was not sent: a path parameter is missing, or the data breaks the query limits. */
  invalidRequest: 'INVALID_REQUEST',
  /** A 2xx answer whose body is not a JSON object with a code. */
  invalidResponse: 'INVALID_RESPONSE',
} as const

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value !== '') return value
  return undefined
}

export interface ReadAnswer {
  envelope: ApiEnvelope<Record<string, unknown>>
  /** retMsg came from the body (else it is empty and the caller fills a local text). */
  hasMessage: boolean
}

/**
 * The envelope of one HTTP answer (spec §3, §8): retCode from `code` (stringified) or `retCode`,
 * retMsg from `error`, `message` or `retMsg`, item `{}` and items `[]` by default. An answer that
 * is not a JSON object takes its retCode from the status (`'502'`) or, when 2xx, becomes
 * `EMPTY_BODY_CODE` (empty) or `INVALID_RESPONSE`.
 */
export function readAnswer(status: number, text: string): ReadAnswer {
  const ok = status >= 200 && status < 300
  let json: unknown
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
  }
  if (!isRecord(json)) {
    const retCode = ok ? (text.trim() === '' ? EMPTY_BODY_CODE : LOCAL_CODES.invalidResponse) : String(status)
    return { envelope: { retCode, retMsg: '', item: {}, items: [] }, hasMessage: false }
  }
  const found = envelopeFromJson(json)
  const envelope = found ?? {
    retCode: ok ? LOCAL_CODES.invalidResponse : String(status),
    retMsg: firstString(json.error, json.message, json.retMsg) ?? '',
    item: isRecord(json.item) ? json.item : {},
    items: Array.isArray(json.items) ? json.items : [],
  }
  return { envelope, hasMessage: envelope.retMsg !== '' }
}

/**
 * A JSON answer read into the envelope (spec §3): retCode from `code` (stringified) or `retCode`,
 * retMsg from `error`, `message` or `retMsg`. Undefined when it is not an object with a code.
 * The call layer and the BFF's upstream client read answers with this one function.
 */
export function envelopeFromJson(json: unknown): ApiEnvelope<Record<string, unknown>> | undefined {
  if (!isRecord(json)) return undefined
  const code = [json.code, json.retCode].find(
    (value) =>
      (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value)),
  )
  if (code === undefined) return undefined
  return {
    retCode: String(code),
    retMsg: firstString(json.error, json.message, json.retMsg) ?? '',
    item: isRecord(json.item) ? json.item : {},
    items: Array.isArray(json.items) ? json.items : [],
  }
}

/** The `errors:` key of the text for an HTTP status without a usable message (call layer and BFF). */
export function statusMessageKey(status: number): string {
  if (status === 413) return 'errors:payloadTooLarge'
  if (status === 415) return 'errors:unsupportedMediaType'
  if (status === 400 || status === 422) return 'errors:badRequest'
  if (status === 404) return 'errors:notFound'
  if (status === 401) return 'errors:unauthorized'
  if (status === 403) return 'errors:forbidden'
  if (status === 408) return 'errors:timeout'
  if (status === 429) return 'errors:rateLimited'
  if (status === 502 || status === 503) return 'errors:upstreamUnavailable'
  if (status === 504) return 'errors:upstreamTimeout'
  return 'errors:generic'
}
