import type { FastifyRequest } from 'fastify'
import { envelope } from '../shared/envelope.ts'
import { languageOf, type MessageId, message, type SandboxLanguage } from './messages.ts'

export type Fields = Record<string, unknown>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Query parameters and body fields of a request, body winning (upstream calls may use either). */
export function fieldsOf(request: FastifyRequest): Fields {
  return {
    ...(isRecord(request.query) ? request.query : {}),
    ...(isRecord(request.body) ? request.body : {}),
  }
}

/** A field as text: strings as given, numbers and booleans stringified, anything else empty. */
export function rawText(fields: Fields, name: string): string {
  const value = fields[name]
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

export function text(fields: Fields, name: string): string {
  return rawText(fields, name).trim()
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

export function requestLanguage(request: FastifyRequest): SandboxLanguage {
  return languageOf(request.headers.language)
}

/** The upstream answer `{ retCode, retMsg, item, items }` for a message of the catalogue. */
export function answer(
  request: FastifyRequest,
  id: MessageId,
  options: {
    item?: Record<string, unknown>
    items?: unknown[]
    params?: Record<string, string | number>
  } = {},
) {
  const { retCode, retMsg } = message(id, requestLanguage(request), options.params)
  return envelope(retCode, retMsg, options.item ?? {}, options.items ?? [])
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (LOOPBACK.has(address) || address.startsWith('127.'))
}

/** Paths that are not part of the upstream contract: never faulted, never logged. */
export function isHousekeeping(url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return path === '/healthz' || path === '/__sandbox' || path.startsWith('/__sandbox/')
}
