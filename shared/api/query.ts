import { QUERY_PARSE_OPTIONS } from './limits.ts'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Why `value` would not survive `qs.stringify` → `qs.parse(…, QUERY_PARSE_OPTIONS)` unchanged, or
 * undefined when it would. `null`/`undefined` and empty arrays or objects are skipped by qs and
 * so are allowed (they just do not arrive).
 */
export function queryLimitProblem(value: Readonly<Record<string, unknown>>): string | undefined {
  let pairs = 0
  const walk = (node: unknown, depth: number, path: string): string | undefined => {
    if (node === null || node === undefined) return undefined
    if (typeof node === 'string' || typeof node === 'boolean' || node instanceof Date) {
      if (depth > QUERY_PARSE_OPTIONS.depth)
        return `${path} is nested deeper than ${QUERY_PARSE_OPTIONS.depth}`
      pairs += 1
      return pairs > QUERY_PARSE_OPTIONS.parameterLimit
        ? `more than ${QUERY_PARSE_OPTIONS.parameterLimit} parameters`
        : undefined
    }
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return `${path} is not a finite number`
      return walk(String(node), depth, path)
    }
    const children: [string, unknown][] = Array.isArray(node)
      ? node.map((child, index) => [String(index), child])
      : isPlainObject(node)
        ? Object.entries(node)
        : []
    if (!Array.isArray(node) && !isPlainObject(node)) return `${path} has an unsupported type`
    if (Array.isArray(node) && node.length > QUERY_PARSE_OPTIONS.arrayLimit) {
      return `${path} has more than ${QUERY_PARSE_OPTIONS.arrayLimit} elements`
    }
    for (const [key, child] of children) {
      // Brackets in a key would be read back as nesting; a prototype key would be dropped.
      if (/[[\]]/.test(key) || key === '__proto__') return `${path}.${key} is not a usable key`
      const problem = walk(child, depth + 1, path ? `${path}.${key}` : key)
      if (problem) return problem
    }
    return undefined
  }
  for (const [key, child] of Object.entries(value)) {
    if (/[[\]]/.test(key) || key === '__proto__' || key === '') return `${key} is not a usable key`
    const problem = walk(child, 0, key)
    if (problem) return problem
  }
  return undefined
}

/** RFC 3986 percent-encoding of UTF-8, as qs writes it: `!'()*` are escaped too. */
function encode(text: string): string {
  // A lone surrogate would make encodeURIComponent throw; it becomes U+FFFD instead.
  return encodeURIComponent(text.toWellFormed()).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/**
 * `a=1&b%5B0%5D=x`: the encoding of query strings and form bodies, read back by `qs.parse`. The
 * same output as `qs.stringify(value, { arrayFormat: 'indices', skipNulls: true })` for what
 * `queryLimitProblem` lets through (a test compares them), without qs's 18 KB in every page.
 */
export function encodeQuery(value: Readonly<Record<string, unknown>>): string {
  const pairs: string[] = []
  const add = (key: string, node: unknown): void => {
    if (node === null || node === undefined) return
    if (node instanceof Date) pairs.push(`${encode(key)}=${encode(node.toISOString())}`)
    else if (Array.isArray(node)) {
      for (const [index, child] of node.entries()) add(`${key}[${index}]`, child)
    } else if (typeof node === 'object') {
      for (const [inner, child] of Object.entries(node)) add(`${key}[${inner}]`, child)
    } else pairs.push(`${encode(key)}=${encode(String(node))}`)
  }
  for (const [key, child] of Object.entries(value)) add(key, child)
  return pairs.join('&')
}
