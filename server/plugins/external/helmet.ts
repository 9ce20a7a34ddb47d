import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { isApiUrl, jsonAnswerHeaders } from '../../refusal.ts'

export interface HeadersPluginOptions {
  /** Vite's dev server injects inline styles and talks over a websocket: relaxed only in dev. */
  development: boolean
  /** HSTS only makes sense where the site is served over TLS. */
  https: boolean
  /**
   * The captcha provider's origin (CAPTCHA_SCRIPT_URL, ADR 0027), or none. Exactly this origin is
   * added, and only to what its widget uses: its script, the scripts and calls it makes, its
   * pictures and its stylesheet. Frames, fonts, forms and everything else stay 'self'.
   */
  captchaOrigin?: string | undefined
  /**
   * The origins of the regions' configured consoles (`consoleUrl`). "Go to the console" is a form
   * post answered with a 303 to the console, and browsers check `form-action` on that redirect
   * too: without these origins the signed-in user would stay on our page (issue 18 point 8). Only
   * configured consoles, the same ones the redirect rule lets through.
   */
  consoleOrigins?: readonly string[]
}

declare module 'fastify' {
  interface FastifyReply {
    cspNonce: { script: string; style: string }
  }
}

// Placeholders helmet writes into the CSP once; each response swaps in its own nonces.
const SCRIPT_SLOT = 'script0nonce0slot'
const STYLE_SLOT = 'style0nonce0slot'

/**
 * The helmet configuration of the account edge. `nonces` become the last source of script-src
 * and style-src (where @fastify/helmet put them); null leaves them out.
 */
export function helmetOptions(
  options: HeadersPluginOptions,
  nonces: { script: string; style: string } | null = { script: SCRIPT_SLOT, style: STYLE_SLOT },
) {
  const nonce = (value: string | undefined) => (nonces && value ? [`'nonce-${value}'`] : [])
  const provider = options.captchaOrigin ? [options.captchaOrigin] : []
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'strict-dynamic': only scripts carrying the nonce, and what they load, may run.
        // The provider's origin is ignored beside 'strict-dynamic' by browsers that know it (its
        // script is loaded with the nonce); older ones need it to run the script at all.
        scriptSrc: ["'strict-dynamic'", ...provider, ...nonce(nonces?.script)],
        styleSrc: [
          ...(options.development ? ["'self'", "'unsafe-inline'"] : ["'self'"]),
          ...provider,
          ...nonce(nonces?.style),
        ],
        imgSrc: ["'self'", 'data:', ...provider],
        fontSrc: ["'self'"],
        connectSrc: [...(options.development ? ["'self'", 'ws:'] : ["'self'"]), ...provider],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'", ...(options.consoleOrigins ?? [])],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Same answer as frame-ancestors 'none', for browsers that only know the old header.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  } satisfies HelmetOptions
}

type HeaderWriter = (response: ServerResponse, script: string, style: string) => void

/** The headers helmet sets for these options, in order, recorded from one run against a stub. */
function recordHelmet(options: ReturnType<typeof helmetOptions>): Array<[string, string]> {
  const recorded: Array<[string, string]> = []
  const recorder = {
    setHeader(name: string, value: string) {
      recorded.push([name, String(value)])
    },
    removeHeader() {},
  } as unknown as ServerResponse
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error
  })
  return recorded
}

/**
 * Runs helmet once against a recording response and returns a writer that sets the same headers
 * with the same bytes, in the same order, only the nonces filled in per response. Building a
 * helmet middleware per request (what @fastify/helmet does with nonces) cost half of /healthz.
 */
function compileHeaders(options: HeadersPluginOptions): HeaderWriter {
  const writers = recordHelmet(helmetOptions(options)).map(([name, value]): HeaderWriter => {
    if (!value.includes(SCRIPT_SLOT)) return (response) => response.setHeader(name, value)
    const [beforeScript = '', afterScript = ''] = value.split(SCRIPT_SLOT)
    const [between = '', afterStyle = ''] = afterScript.split(STYLE_SLOT)
    if (!afterScript.includes(STYLE_SLOT)) throw new Error('the style nonce must follow the script nonce')
    return (response, script, style) =>
      response.setHeader(name, beforeScript + script + between + style + afterStyle)
  })
  return (response, script, style) => {
    for (const write of writers) write(response, script, style)
  }
}

/** The JSON answers' own headers (`jsonAnswerHeaders`): `/api` answers are never documents and draw no nonce. */
function compileApiHeaders(options: HeadersPluginOptions): (response: ServerResponse) => void {
  const headers = Object.entries(jsonAnswerHeaders(options.https))
  return (response) => {
    for (const [name, value] of headers) response.setHeader(name, value)
  }
}

export default fp<HeadersPluginOptions>(
  async (app, options) => {
    const writeHeaders = compileHeaders(options)
    const writeApiHeaders = compileApiHeaders(options)
    // Filled in by the onRequest hook below before any handler reads it (no page is ever rendered
    // under /api/, so its answers carry none).
    app.decorateReply('cspNonce', null as unknown as { script: string; style: string })
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiUrl(request.url)) {
        writeApiHeaders(reply.raw)
        done()
        return
      }
      // Two fresh 128-bit nonces per response (security.md #13); never reused, never cached.
      const bytes = randomBytes(32).toString('hex')
      const script = bytes.slice(0, 32)
      const style = bytes.slice(32)
      reply.cspNonce = { script, style }
      writeHeaders(reply.raw, script, style)
      done()
    })
  },
  { name: 'security-headers', fastify: '5.x' },
)
