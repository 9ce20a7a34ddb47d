import type { FastifyInstance, FastifyRequest } from 'fastify'
import { stringify } from 'qs'
import type { Dispatcher } from 'undici'
import { z } from 'zod'
import { envelope, SUCCESS_CODE } from '../shared/envelope.ts'
import { ENVIRONMENT_NAMES, type EnvironmentName } from '../shared/regions.ts'
import { answer } from './http.ts'
import type { SandboxWorld } from './world.ts'

export const FORWARD_PATH = '/basic-channel-service/forward'
/** The forwarder's own time limit for the inner call. */
export const FORWARD_TIMEOUT_MS = 30_000
/** Inner answers larger than this are refused (the BFF applies its own, smaller limit to ours). */
export const FORWARD_MAX_BODY_BYTES = 32 * 1024 * 1024

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** The forward-mode wrapper of spec §7: url, method (default GET), domain, env, contentType, payload. */
export const forwardSchema = z.object({
  url: z.string().min(1),
  method: z
    .string()
    .default('GET')
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(METHODS)),
  domain: z.string().optional(),
  env: z.string().min(1),
  contentType: z.enum(['form-data', 'json']).default('form-data'),
  payload: z.unknown().optional(),
})

interface ForwarderOptions {
  world: SandboxWorld
  dispatcher: Dispatcher
}

function isEnvironment(value: string): value is EnvironmentName {
  return (ENVIRONMENT_NAMES as readonly string[]).includes(value)
}

/** Only a path on the target (or an absolute http(s) URL, of which only path and query count). */
function targetPath(url: string): string | undefined {
  if (/^https?:\/\//i.test(url)) {
    try {
      const parsed = new URL(url)
      return `${parsed.pathname}${parsed.search}`
    } catch {
      return undefined
    }
  }
  return url.startsWith('/') && !url.startsWith('//') ? url : undefined
}

function encodePayload(payload: unknown, contentType: 'form-data' | 'json'): string {
  if (typeof payload === 'string') return payload
  if (contentType === 'json') return JSON.stringify(payload ?? {})
  return typeof payload === 'object' && payload !== null ? stringify(payload) : ''
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/**
 * `POST /basic-channel-service/forward`: calls the environment's sandbox server for the caller
 * and wraps its raw answer as `item: { status, contentType, body }`.
 */
export async function forwarderRoutes(app: FastifyInstance, options: ForwarderOptions): Promise<void> {
  const { world, dispatcher } = options

  app.post(FORWARD_PATH, async (request: FastifyRequest) => {
    const parsed = forwardSchema.safeParse(request.body ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const reason = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid wrapper'
      return answer(request, 'forwardInvalid', { params: { reason } })
    }
    const wrapper = parsed.data
    const target = isEnvironment(wrapper.env) ? world.directory?.environments[wrapper.env] : undefined
    if (!target) return answer(request, 'forwardUnknownEnv', { params: { env: wrapper.env } })

    let path = targetPath(wrapper.url)
    if (!path) return answer(request, 'forwardInvalid', { params: { reason: 'url must be a path' } })
    const pathname = path.split('?')[0] ?? ''
    if (pathname.startsWith('/__sandbox') || pathname === FORWARD_PATH) {
      return answer(request, 'forwardInvalid', { params: { reason: 'url is not forwardable' } })
    }

    const headers: Record<string, string> = { accept: 'application/json' }
    const language = headerText(request.headers.language)
    if (language) headers.language = language
    const authorization = headerText(request.headers.authorization)
    if (authorization) headers.authorization = authorization

    let body: string | undefined
    if (wrapper.method === 'GET') {
      const query = encodePayload(wrapper.payload, 'form-data').replace(/^\?/, '')
      if (query) path += `${path.includes('?') ? '&' : '?'}${query}`
    } else {
      body = encodePayload(wrapper.payload, wrapper.contentType)
      headers['content-type'] =
        wrapper.contentType === 'json' ? 'application/json' : 'application/x-www-form-urlencoded'
    }

    try {
      const response = await dispatcher.request({
        origin: new URL(target.url).origin,
        path,
        method: wrapper.method,
        headers,
        body,
        headersTimeout: FORWARD_TIMEOUT_MS,
        bodyTimeout: FORWARD_TIMEOUT_MS,
      })
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of response.body) {
        const buffer = chunk as Buffer
        size += buffer.length
        if (size > FORWARD_MAX_BODY_BYTES) {
          response.body.destroy()
          return answer(request, 'forwardFailed', { params: { reason: 'answer too large' } })
        }
        chunks.push(buffer)
      }
      // The wrapper's own success text is fixed; the inner answer keeps its language.
      return envelope(SUCCESS_CODE, 'success', {
        status: response.statusCode,
        contentType: headerText(response.headers['content-type']) ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      })
    } catch (error) {
      const code = (error as { code?: unknown }).code
      return answer(request, 'forwardFailed', {
        params: { reason: typeof code === 'string' ? code : 'error' },
      })
    }
  })
}
