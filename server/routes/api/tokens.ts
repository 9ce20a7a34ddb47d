/** Keys whose values are upstream credentials: they go into the sealed cookie, never to the page. */
const TOKEN_KEY = /token$/i

/** The first string value under a token key, searched depth-first. */
export function findToken(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findToken(entry)
      if (found) return found
    }
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, entry] of Object.entries(value)) {
    if (TOKEN_KEY.test(key) && typeof entry === 'string' && entry) return entry
  }
  for (const entry of Object.values(value)) {
    const found = findToken(entry)
    if (found) return found
  }
  return undefined
}

/** A copy without any token-named key, at any depth. */
export function withoutTokens<T>(value: T): T {
  if (Array.isArray(value)) return value.map((entry) => withoutTokens(entry)) as T
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (!TOKEN_KEY.test(key)) copy[key] = withoutTokens(entry)
  }
  return copy as T
}
