import { parse } from 'qs'

/** Limits of spec §9 for every query string and form body we parse. */
export const QUERY_LIMITS = { depth: 5, parameterLimit: 1000, arrayLimit: 20 } as const

export function parseQuery(text: string): Record<string, unknown> {
  return parse(text, { ...QUERY_LIMITS, allowPrototypes: false, strictDepth: false })
}
