import { parse } from 'qs'
import { QUERY_PARSE_OPTIONS } from '../shared/api/limits.ts'

/** Parses query strings and form bodies with the limits of spec §9, shared with the call layer. */
export function parseQuery(text: string): Record<string, unknown> {
  return parse(text, { ...QUERY_PARSE_OPTIONS, allowPrototypes: false })
}
