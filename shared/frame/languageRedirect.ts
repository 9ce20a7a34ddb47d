import { type Language, parseLanguageQuery } from '../language.ts'

/** Paths that are never pages: the API, static assets, Vike's page-context requests, health. */
const NOT_PAGES = [/^\/api(\/|$)/, /^\/auth\/_next\//, /\.pageContext\.json$/, /^\/(healthz|readyz)$/]

/**
 * Whether the language-parameter redirect may apply: a GET (or HEAD) for a page. A path that
 * starts with `//` or `/\` is refused too, so the redirect can never point to another host.
 */
export function isLanguageRedirectCandidate(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  const path = url.split(/[?#]/, 1)[0] ?? ''
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false
  return !NOT_PAGES.some((pattern) => pattern.test(path))
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return undefined
  }
}

/**
 * Spec §2: the `language` parameter is dropped when it equals the language that would be chosen
 * without it. Returns the URL to redirect to (path and the rest of the query exactly as written),
 * or undefined when the URL stays.
 */
export function languageRedirectLocation(url: string, languageWithoutParam: Language): string | undefined {
  const hashAt = url.indexOf('#')
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url
  const queryAt = withoutHash.indexOf('?')
  if (queryAt < 0) return undefined
  const path = withoutHash.slice(0, queryAt)
  const params = withoutHash
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
  const isLanguage = (param: string) => decode(param.split('=', 1)[0] ?? '') === 'language'
  const languageParams = params.filter(isLanguage)
  // Two `language` parameters are no choice at all (the query parser gives an array): leave them.
  if (languageParams.length !== 1) return undefined
  const [param = ''] = languageParams
  const value = param.includes('=') ? decode(param.slice(param.indexOf('=') + 1)) : ''
  if (parseLanguageQuery(value) !== languageWithoutParam) return undefined
  const rest = params.filter((entry) => !isLanguage(entry))
  return rest.length ? `${path}?${rest.join('&')}` : path
}
