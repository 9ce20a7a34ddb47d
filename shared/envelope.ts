/** The answer shape of every `/api` call (spec §3 "API envelope"). */
export interface ApiEnvelope<Item = Record<string, unknown>, Items = unknown> {
  retCode: string
  retMsg: string
  item: Item
  items: Items[]
}

export const SUCCESS_CODE = '000000'

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
