import type { FastifyServerOptions } from 'fastify'
import type { AppConfig } from '../config/index.ts'

/**
 * Query parameters that carry secrets: login codes, OAuth codes and states, provider payloads,
 * reset-link ids (`id`), form tokens (`_csrf`), SSO `authId`s and tickets (security.md §22).
 */
const SECRET_QUERY_PARAMS =
  /^(_csrf|id|code|token|state|session_state|payload|password|pwd|authId|ticket|proof)$/i

/** Paths whose rest (up to the query) is a secret: the id of an e-mailed reset link. */
const SECRET_PATH_REST = /(checkResetPwdLink|resetServiceNewPwd)[^?]*/gi
/** Credentials of an absolute-form request target (`http://user:pass@host/`). */
const USER_INFO = /^([a-z][a-z\d+.-]*:\/\/)[^/?@]*@/i

const MASK = '***'

/**
 * The URL as request log lines show it: the route with its secret parts masked, so a reset link's
 * id, a form token or a provider's code never reaches a log collector (security.md §22).
 */
export function maskUrl(url: string): string {
  const queryStart = url.indexOf('?')
  const path = (queryStart < 0 ? url : url.slice(0, queryStart))
    .replace(USER_INFO, `$1${MASK}@`)
    .replace(SECRET_PATH_REST, `$1/${MASK}`)
  if (queryStart < 0) return path
  const params = new URLSearchParams(url.slice(queryStart + 1))
  for (const key of new Set(params.keys())) if (SECRET_QUERY_PARAMS.test(key)) params.set(key, MASK)
  return `${path}?${params.toString()}`
}

/**
 * Paths pino removes wherever a log call puts them. Passwords, codes, tokens and cookie values
 * must never reach a log line (security.md §17), whichever object a caller happens to log.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'cookie',
  'authorization',
  'password',
  'newPassword',
  'oldPassword',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'tempToken',
  'captcha',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.code',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.tempToken',
  '*.captcha',
  '*.cookie',
  '*.*.token',
  '*.*.password',
]

export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  /** With tracing on: the active span's `trace_id` and `span_id` on every line (server/tracing.ts). */
  traceFields?: () => Record<string, string>,
) {
  const options: Exclude<FastifyServerOptions['logger'], boolean | undefined> = {
    level: config.logLevel,
    ...(traceFields ? { mixin: traceFields } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(request) {
        // Only Fastify requests are reshaped; anything else logged under `req` goes through redaction.
        if (typeof request?.url !== 'string') return request as unknown as Record<string, unknown>
        return {
          method: request.method,
          url: maskUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }
      },
    },
  }
  // Readable lines for people at a terminal; JSON for log collectors in production.
  if (config.logFormat === 'pretty') {
    return {
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    }
  }
  return options
}
