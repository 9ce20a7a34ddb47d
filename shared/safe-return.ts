export const DEFAULT_RETURN_PATH = '/auth/sign_in'
const PARSE_BASE = 'http://same-site.invalid'
const MAX_LENGTH = 2048

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/

/** Decodes a few rounds so `%2F%2F` and double-encoded tricks are judged as a browser may see them. */
function decodedForms(value: string): string[] | undefined {
  const forms = [value]
  let current = value
  for (let round = 0; round < 3; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return undefined
    }
    if (next === current) break
    forms.push(next)
    current = next
  }
  return forms
}

/** A root-relative path that no reading (raw or decoded) can turn into another host. */
function isPlainRootPath(value: string): boolean {
  const forms = decodedForms(value)
  if (!forms) return false
  return forms.every(
    (form) =>
      form.startsWith('/') &&
      !form.startsWith('//') &&
      !form.startsWith('/\\') &&
      !CONTROL_OR_BACKSLASH.test(form),
  )
}

/**
 * A return/next/redirect parameter reduced to a path on this site (security.md §11). Anything
 * that could leave the site — `//host`, `/\host`, absolute URLs, `javascript:`, encoded variants
 * of those, control characters — ends at the safe default.
 *
 * The input is checked, then normalised by the WHATWG URL parser (the browser's own rules), and
 * the normalised result is checked again: dot segments (`/.//evil`, `/a/..//evil`, `/%2e//evil`)
 * only become `//evil` during normalisation, so a check of the input text alone is not enough.
 */
export function safeReturnPath(value: unknown, fallback = DEFAULT_RETURN_PATH): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback
  if (!isPlainRootPath(value)) return fallback
  let url: URL
  try {
    url = new URL(value, PARSE_BASE)
  } catch {
    return fallback
  }
  if (url.origin !== PARSE_BASE) return fallback
  const normalised = `${url.pathname}${url.search}${url.hash}`
  if (!isPlainRootPath(url.pathname) || normalised.length > MAX_LENGTH) return fallback
  // The result must be a fixed point: read again, it names the same place on the same site.
  const again = new URL(normalised, PARSE_BASE)
  if (again.origin !== PARSE_BASE || `${again.pathname}${again.search}${again.hash}` !== normalised)
    return fallback
  return normalised
}
