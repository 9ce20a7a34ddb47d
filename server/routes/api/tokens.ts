/** Keys whose values are upstream credentials: they go into the sealed cookie, never to the page. */
const TOKEN_KEY = /token$/i

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** The first string value under a token key, searched depth-first (own keys first, then nested). */
export function findToken(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findToken(entry)
      if (found) return found
    }
    return undefined
  }
  if (!isRecord(value)) return undefined
  // for…in over own keys, not Object.entries: no array of pairs per object of every answer.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const entry = value[key]
    if (typeof entry === 'string' && entry && TOKEN_KEY.test(key)) return entry
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const entry = value[key]
    if (!isRecord(entry)) continue
    const found = findToken(entry)
    if (found) return found
  }
  return undefined
}

/**
 * Without any token-named key, at any depth; never changes `value`. What holds no token comes back
 * as it is (most answers hold none), so only the objects on the way to a token are copied.
 */
export function withoutTokens<T>(value: T): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let index = 0; index < value.length; index++) {
      const entry: unknown = value[index]
      const cleaned = withoutTokens(entry)
      if (cleaned !== entry) {
        copy ??= value.slice()
        copy[index] = cleaned
      }
    }
    return (copy ?? value) as T
  }
  if (!isRecord(value)) return value
  let copy: Record<string, unknown> | undefined
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    if (TOKEN_KEY.test(key)) {
      copy ??= { ...value }
      delete copy[key]
      continue
    }
    const entry = value[key]
    const cleaned = withoutTokens(entry)
    if (cleaned !== entry) {
      copy ??= { ...value }
      copy[key] = cleaned
    }
  }
  return (copy ?? value) as T
}
