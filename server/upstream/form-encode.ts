import { stringify } from 'qs'

/** What qs leaves as it is in RFC 3986 form: letters, digits and `-._~`; encodeURIComponent also spares these. */
const SPARED_BY_ENCODE_URI = /[!'()*]/g
const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
const encode = (text: string) => encodeURIComponent(text).replace(SPARED_BY_ENCODE_URI, percent)

/**
 * `qs.stringify` with its defaults, the same bytes: flat fields of text, numbers and booleans (every
 * page call's body and query) are encoded directly, anything else (nested objects, arrays, null,
 * text that is not well-formed UTF-16) by qs. qs walks each value character by character into an
 * array and joins it: ≈ 8 k instructions of a ≈ 540 k `/api` call for one e-mail field (issue 19
 * point 5, counted with callgrind).
 */
export function formEncode(fields: Record<string, unknown>): string {
  const parts: string[] = []
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue
    const value = fields[key]
    if (value === undefined) continue
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : undefined
    if (text === undefined || !text.isWellFormed() || !key.isWellFormed()) return stringify(fields)
    parts.push(`${encode(key)}=${encode(text)}`)
  }
  return parts.join('&')
}
