import { gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'

const NONCE_IN_CSP = /script-src[^;]*'nonce-([0-9a-f]{32})'/

/** The script nonce a response's Content-Security-Policy allows ('' when none). */
export function nonceOf(response: LightMyRequestResponse): string {
  return NONCE_IN_CSP.exec(String(response.headers['content-security-policy']))?.[1] ?? ''
}

/** A page's HTML as the browser reads it, gzipped or not. */
export function bodyOf(response: LightMyRequestResponse): string {
  return response.headers['content-encoding'] === 'gzip'
    ? gunzipSync(response.rawPayload).toString('utf8')
    : response.body
}
