import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Claim 1 in one place (issue 46 Low, security.md #1): the sealed session cookie stays under
 * 4096 bytes, or Chromium drops it silently — the session is lost and whatever it carried (a
 * state already used up) with it. A response whose session would seal past `MAX_COOKIE_BYTES`
 * (name and value) drops the largest flow slots until it fits, and the log names them: the flow
 * starts again, the signed-in identity stays. Callers keep what they store small (provider values,
 * the SSO return path); this is the net under all of them.
 */
export const MAX_COOKIE_BYTES = 3800

/** What a session is without any flow: never dropped. */
const IDENTITY = new Set(['sid', 'token', 'email', 'signedInAt', 'lastSeenAt', 'environment', '_csrf'])

/**
 * The sealed value's length for a session whose JSON is `jsonBytes` long: @fastify/secure-session
 * seals `base64(secretbox(json)) + ';' + base64(nonce)` (a 16-byte MAC, a 24-byte nonce), so the
 * size is known without sealing.
 */
export function sealedLength(jsonBytes: number): number {
  const base64 = (bytes: number) => 4 * Math.ceil(bytes / 3)
  return base64(jsonBytes + 16) + 1 + base64(24)
}

/** `,"__ts":1764403200`: the library's own timestamp, sealed with the data but not in `data()`. */
export const TIMESTAMP_BYTES = 18

function cookieBytes(cookieName: string, data: Record<string, unknown>): number {
  return cookieName.length + 1 + sealedLength(Buffer.byteLength(JSON.stringify(data)) + TIMESTAMP_BYTES)
}

/**
 * Registers the check as an `onSend` hook; call it before @fastify/secure-session registers, so
 * the session is trimmed before it is sealed.
 */
export function keepSessionCookieSmall(app: FastifyInstance, cookieName: string): void {
  app.addHook('onSend', (request: FastifyRequest, _reply, _payload, done) => {
    const session = request.session
    if (!session?.changed || session.deleted) return done()
    const data = (session.data() ?? {}) as Record<string, unknown>
    let size = cookieBytes(cookieName, data)
    if (size <= MAX_COOKIE_BYTES) return done()
    const before = size
    const largestFirst = Object.keys(data)
      .filter((key) => !IDENTITY.has(key))
      .sort((a, b) => JSON.stringify(data[b]).length - JSON.stringify(data[a]).length)
    const dropped: string[] = []
    for (const key of largestFirst) {
      if (size <= MAX_COOKIE_BYTES) break
      session.set(key as never, undefined)
      dropped.push(key)
      size = cookieBytes(cookieName, (session.data() ?? {}) as Record<string, unknown>)
    }
    request.log.warn(
      { dropped, before, after: size },
      'session cookie would exceed its size: flow slots dropped',
    )
    done()
  })
}
