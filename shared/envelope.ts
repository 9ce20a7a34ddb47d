import { RET_CODES } from './api/ret-codes.ts'
/** The answer shape of every `/api` call (spec §3 "API envelope"). */
export interface ApiEnvelope<Item = Record<string, unknown>, Items = unknown> {
  retCode: string
  retMsg: string
  item: Item
  items: Items[]
}

export const SUCCESS_CODE = RET_CODES.success

/**
 * Ours, never an upstream's: the step is not where this session's flow stands, or no flow is
 * under way (sent with HTTP 409; server/not-in-flow.ts, ADR 0125). The page starts the flow again.
 */
export const NOT_IN_FLOW = '409'

export function isSuccess(envelope: Pick<ApiEnvelope, 'retCode'>): boolean {
  return envelope.retCode === SUCCESS_CODE
}

export function envelope<Item = Record<string, unknown>>(
  retCode: string,
  retMsg: string,
  item?: Item,
  items: unknown[] = [],
): ApiEnvelope<Item> {
  return { retCode, retMsg, item: (item ?? {}) as Item, items }
}
