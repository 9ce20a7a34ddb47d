/** How many requests each region server remembers for `GET /__sandbox/requests`. */
export const REQUEST_LOG_SIZE = 50
export const MASK = '***'

/** Field names whose values never appear in the log: passwords, codes, tokens, secrets. */
const SECRET_FIELD = /(password|passwd|pwd|token|secret|code|ticket)/i

export interface LoggedRequest {
  at: string
  method: string
  /** Path and query string; secret query values are masked. */
  url: string
  /** Lower-case header names; Authorization keeps only its scheme, Cookie only its presence. */
  headers: Record<string, string | string[]>
  /** The parsed body (form or JSON) with secret fields masked; null when none was read. */
  body: unknown
  /** What the Bearer token (if any) stood for when the request arrived. */
  auth: { scheme: string; valid: boolean; email?: string; environment?: string } | null
  /** The injected fault that answered this request, if any. */
  fault?: string
  /** HTTP status sent (absent while in flight, or when the socket was reset). */
  status?: number
}

export function maskValue(value: unknown, key?: string): unknown {
  if (key !== undefined && SECRET_FIELD.test(key) && value !== undefined && value !== null && value !== '') {
    return MASK
  }
  if (Array.isArray(value)) return value.map((entry) => maskValue(entry))
  if (value !== null && typeof value === 'object') {
    const masked: Record<string, unknown> = {}
    for (const [name, entry] of Object.entries(value)) masked[name] = maskValue(entry, name)
    return masked
  }
  return value
}

export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return url
  const params = new URLSearchParams(url.slice(queryAt + 1))
  const masked = new URLSearchParams()
  for (const [name, value] of params) masked.append(name, SECRET_FIELD.test(name) && value ? MASK : value)
  const query = masked.toString()
  return query ? `${url.slice(0, queryAt)}?${query}` : url.slice(0, queryAt)
}

export function maskHeaders(
  headers: Record<string, string | string[] | undefined>,
): LoggedRequest['headers'] {
  const masked: LoggedRequest['headers'] = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    if (name === 'authorization') {
      const scheme = String(value).trim().split(/\s+/)[0] ?? ''
      masked[name] = `${scheme} ${MASK}`
    } else if (name === 'cookie' || name === 'proxy-authorization' || SECRET_FIELD.test(name)) {
      masked[name] = MASK
    } else {
      masked[name] = value
    }
  }
  return masked
}

export class RequestLog {
  private entries: LoggedRequest[] = []

  add(entry: LoggedRequest): LoggedRequest {
    this.entries.push(entry)
    if (this.entries.length > REQUEST_LOG_SIZE) this.entries.splice(0, this.entries.length - REQUEST_LOG_SIZE)
    return entry
  }

  list(): LoggedRequest[] {
    return [...this.entries]
  }

  clear(): void {
    this.entries = []
  }
}
