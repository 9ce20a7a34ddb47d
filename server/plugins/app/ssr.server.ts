import path from 'node:path'
import { pathToFileURL } from 'node:url'
import middie from '@fastify/middie'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

export interface SsrPluginOptions {
  mode: 'built' | 'vite'
  /** Project root: holds vite.config.ts (vite mode) and dist/ (built mode). */
  root: string
  edition: 'international' | 'chinese'
  /** PUBLIC_ORIGIN: makes canonical links absolute (crawlers and Lighthouse want them so). */
  publicOrigin?: string | undefined
}

const PHONE_USER_AGENT = /\b(iPhone|iPad|iPod|Android)\b/i
/** Headers Vike sets that the BFF owns instead (the CSP comes from the headers plugin). */
const HEADERS_WE_OWN = new Set(['content-security-policy', 'cache-control'])

type RenderPage = typeof import('vike/server')['renderPage']

async function loadRenderer(app: FastifyInstance, options: SsrPluginOptions): Promise<RenderPage> {
  if (options.mode === 'vite') {
    const { createDevMiddleware } = await import('vike/server')
    const { devMiddleware, viteServer } = await createDevMiddleware({ root: options.root })
    await app.register(middie)
    app.use(devMiddleware)
    // Vite watches files and holds a websocket: without this the process never exits.
    app.addHook('onClose', async () => {
      await viteServer?.close()
    })
  } else {
    // Import this build's server entry explicitly, so another build elsewhere can never answer.
    await import(pathToFileURL(path.join(options.root, 'dist/server/entry.mjs')).href)
    await app.register(fastifyStatic, {
      root: path.join(options.root, 'dist/client'),
      prefix: '/auth/_next/',
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        // Hashed build output never changes under its name; anything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
      },
    })
  }
  const { renderPage } = await import('vike/server')
  return renderPage
}

export default fp<SsrPluginOptions>(
  async (app, options) => {
    const renderPage = await loadRenderer(app, options)

    async function render(request: FastifyRequest, reply: FastifyReply) {
      const userAgent = request.headers['user-agent'] ?? ''
      const user = request.sessionUser()
      const pageContext = await renderPage({
        urlOriginal: request.url,
        headersOriginal: request.headers,
        cspNonce: reply.cspNonce.script,
        language: request.language,
        user,
        edition: options.edition,
        // From configuration, never from the Host header: cached HTML is shared between visitors.
        publicOrigin: options.publicOrigin ?? '',
        isPhone: PHONE_USER_AGENT.test(userAgent),
        // For forms that must work without JavaScript (today: sign-out), bound to the session.
        // Minted only for signed-in pages, so visitors get no cookie just for looking.
        csrfToken: user ? reply.generateCsrf() : '',
      })
      const { httpResponse } = pageContext
      if (!httpResponse) return reply.callNotFound()
      for (const [name, value] of httpResponse.headers) {
        if (!HEADERS_WE_OWN.has(name.toLowerCase())) reply.header(name, value)
      }
      const { referrerPolicy } = pageContext.config as { referrerPolicy?: string }
      if (referrerPolicy) reply.header('Referrer-Policy', referrerPolicy)
      // Pages carry a per-response nonce and may show the signed-in state: never cache them.
      reply.header('Cache-Control', 'no-store')
      reply.header('Vary', 'Cookie, Accept-Language, User-Agent')
      return reply.code(httpResponse.statusCode).send(httpResponse.body)
    }

    // `/auth` is the account area's root; its first page is sign-in.
    app.get('/auth', async (request, reply) => redirectToSignIn(request, reply))
    app.get('/auth/', async (request, reply) => redirectToSignIn(request, reply))
    app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render })

    if (options.mode === 'vite') {
      // Vite injects inline styles in dev; a style nonce would make browsers ignore 'unsafe-inline'.
      app.addHook('onSend', async (_request, reply) => {
        const csp = reply.getHeader('content-security-policy')
        if (typeof csp === 'string') {
          reply.header('content-security-policy', csp.replace(/(style-src[^;]*?) 'nonce-[^']+'/, '$1'))
        }
      })
    }
  },
  { name: 'ssr', fastify: '5.x', dependencies: ['session', 'language', 'security-headers', 'csrf-tokens'] },
)

function redirectToSignIn(request: FastifyRequest, reply: FastifyReply) {
  const queryStart = request.url.indexOf('?')
  const query = queryStart >= 0 ? request.url.slice(queryStart) : ''
  return reply.redirect(`/auth/sign_in${query}`, 302)
}
