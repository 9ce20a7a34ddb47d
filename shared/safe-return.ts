export const DEFAULT_RETURN_PATH = '/auth/sign_in'
const PARSE_BASE = 'http://same-site.invalid'

/**
 * A return/next/redirect parameter reduced to a path on this site (security.md §11). Anything
 * that could leave the site — `//host`, `/\host`, absolute URLs, `javascript:`, encoded variants
 * of those, control characters — ends at the safe default.
 */
export function safeReturnPath(value: unknown, fallback = DEFAULT_RETURN_PATH): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback
  let decoded = value
  // Decode a few times so `%2F%2Fevil.com` and double-encoded tricks are judged as browsers see them.
  for (let round = 0; round < 3; round++) {
    try {
      const next = decodeURIComponent(decoded)
      if (next === decoded) break
      decoded = next
    } catch {
      return fallback
    }
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
      return fallback
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback
  }
  const url = new URL(value, PARSE_BASE)
  if (url.origin !== PARSE_BASE) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
