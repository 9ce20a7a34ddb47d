import type { ApiEnvelope } from '../../shared/envelope.ts'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Reads an upstream JSON answer into the envelope (spec §3): `retCode` from `code` when present,
 * `retMsg` from `error` or `message` when present. Returns undefined for anything that is not an
 * object with a code, so callers can treat it as a bad answer.
 */
export function readUpstreamEnvelope(json: unknown): ApiEnvelope | undefined {
  if (!isRecord(json)) return undefined
  const rawCode = json.code ?? json.retCode
  if (typeof rawCode !== 'string' && typeof rawCode !== 'number') return undefined
  const rawMessage = json.error ?? json.message ?? json.retMsg
  return {
    retCode: String(rawCode),
    retMsg: typeof rawMessage === 'string' ? rawMessage : '',
    item: isRecord(json.item) ? json.item : {},
    items: Array.isArray(json.items) ? json.items : [],
  }
}
