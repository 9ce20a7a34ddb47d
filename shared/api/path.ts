/**
 * Endpoint path templates. A placeholder is written `{name}` or `:name` (spec §7 uses both). It may
 * be a whole segment (`account/checkResetPwdLink/{id}`) or part of one (`{product}Auth`).
 */

const PLACEHOLDER = /\{([A-Za-z_]\w*)\}|:([A-Za-z_]\w*)/g

/**
 * What a whole-segment parameter may hold once decoded: URL-safe token characters, no slash,
 * not `.`/`..`, at most 200 characters (the BFF router's maxParamLength). Link ids from e-mails and SAML ids fit; traversal does not.
 */
export const PATH_PARAM_PATTERN = /^[A-Za-z0-9_~=+-][A-Za-z0-9._~=+-]{0,199}$/
/** What a parameter embedded in a segment (`{product}Auth`) may hold: an identifier. */
export const EMBEDDED_PATH_PARAM_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,63}$/

export interface PathPlaceholder {
  name: string
  /** True when the placeholder is the whole segment. */
  segment: boolean
}

export function pathPlaceholders(template: string): PathPlaceholder[] {
  const found: PathPlaceholder[] = []
  for (const segment of template.split('/')) {
    for (const match of segment.matchAll(PLACEHOLDER)) {
      found.push({ name: (match[1] ?? match[2])!, segment: match[0] === segment })
    }
  }
  return found
}

export function isValidPathParam(placeholder: PathPlaceholder, value: string): boolean {
  return (placeholder.segment ? PATH_PARAM_PATTERN : EMBEDDED_PATH_PARAM_PATTERN).test(value)
}

/** Replaces every placeholder by its URI-encoded value; the caller has checked the values. */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, braced?: string, colon?: string) => {
    const value = values[(braced ?? colon)!]
    if (value === undefined) throw new Error(`no value for path parameter ${whole}`)
    return encodeURIComponent(value)
  })
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export interface CompiledPath {
  placeholders: PathPlaceholder[]
  /** Matches a path without leading slash; one capture group per placeholder, in order. */
  regex: RegExp
}

export function compilePath(template: string): CompiledPath {
  const placeholders = pathPlaceholders(template)
  const segments = template.split('/').map((segment) => {
    let source = ''
    let last = 0
    for (const match of segment.matchAll(PLACEHOLDER)) {
      source += escapeRegExp(segment.slice(last, match.index))
      // Whole segments take any encoded segment (checked after decoding); embedded ones an identifier.
      source += match[0] === segment ? '([^/]+)' : '([A-Za-z][A-Za-z0-9]{0,63})'
      last = match.index + match[0].length
    }
    return source + escapeRegExp(segment.slice(last))
  })
  return { placeholders, regex: new RegExp(`^${segments.join('/')}$`) }
}

/** The decoded, checked parameters when `path` fits the template, else undefined. */
export function matchPath(compiled: CompiledPath, path: string): Record<string, string> | undefined {
  const match = compiled.regex.exec(path)
  if (!match) return undefined
  const params: Record<string, string> = {}
  for (const [index, placeholder] of compiled.placeholders.entries()) {
    const raw = match[index + 1] ?? ''
    let value = raw
    // Most parameters carry no escape: V8's decodeURIComponent is a call into C++ even for `4`.
    if (raw.includes('%')) {
      try {
        value = decodeURIComponent(raw)
      } catch {
        return undefined // malformed %-escape
      }
    }
    if (!isValidPathParam(placeholder, value)) return undefined
    params[placeholder.name] = value
  }
  return params
}
