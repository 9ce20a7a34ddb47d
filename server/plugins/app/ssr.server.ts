import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import middie from '@fastify/middie'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FormState } from '../../../shared/forms/form-state.ts'
import { LANGUAGES } from '../../../shared/language.ts'
import { Overloaded, sendRetryLater } from '../../busy.ts'
import {
  keyedHeaders,
  keyString,
  notFoundKeyOf,
  type PageKey,
  PHONE_USER_AGENT,
  pageKeyOf,
  pathOf,
} from '../../page-cache/key.ts'
import { noPageMatcher } from '../../page-cache/no-page.ts'
import { signUpPageStateOf } from '../../page-cache/sign-up-resume.server.ts'
import { gzipped, plain, type SplicedBody, spliceable } from '../../page-cache/spliced.ts'
import { PageStore } from '../../page-cache/store.ts'
import type { RefusalOptions } from '../../refusal.ts'
import { renderQueue } from '../../render-queue.ts'
import { signInFlowOf } from '../../routes/sign-in-flow.server.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a form posted without JavaScript with the page of the request's URL, rendered for this
     * request with `formState`.
     */
    renderFormPage(request: FastifyRequest, reply: FastifyReply, formState: FormState): Promise<unknown>
    /**
     * Pages that show a flow's step from the session (issue 21), by path: the form state a GET of
     * the page renders with, or null for the page everyone gets. A page rendered with one is
     * rendered for its request alone, never cached.
     */
    formStateOnGet: Map<string, (request: FastifyRequest, reply: FastifyReply) => FormState | null>
    /**
     * Renders `renders` signed-out pages for nobody (ADR 0114), in the render queue's turns so
     * requests arriving meanwhile are served between them; answers when all are done.
     */
    warmUpRenderer(renders: number): Promise<void>
  }
}

export interface SsrPluginOptions {
  mode: 'built' | 'vite'
  /** Project root: holds vite.config.ts (vite mode) and dist/ (built mode). */
  root: string
  edition: 'international' | 'chinese'
  /** PUBLIC_ORIGIN: makes canonical links absolute (crawlers and Lighthouse want them so). */
  publicOrigin?: string | undefined
  /** Byte cap of the signed-out page cache (ADR 0015); 0 renders every page per request. */
  pageCacheBytes?: number
  /** Frame parts rendered once per key (ADR 0060); off renders them on every page. */
  frameFragments?: boolean
  /** The external sign-in and connect app's base path and runtime config (ADR 0040). */
  externalApp: { basePath: string; runtimeConfig: { URL_DOMAIN: string; TEXT_PREFIX: string } }
  /** The captcha provider's script and public id (ADR 0027); null: the upstream's own challenge. */
  captchaProvider?: { scriptUrl: string; captchaId: string } | null
  /** Longest a render waits for its turn before the request gets 503 (SHED_RENDER_WAIT_MS, ADR 0068). */
  renderWaitMs: number
  /** How a 429 is sent: HSTS or not. */
  refusal: RefusalOptions
}

interface CachedPage {
  /** 200, or 404 for the not-found page (ADR 0121). */
  status: number
  headers: Array<[string, string]>
  /** Cut where the nonce goes and, on the not-found page, the visitor's path. */
  body: SplicedBody
  bytes: number
}
/** Headers Vike sets that the BFF owns instead (the CSP comes from the headers plugin). */
const HEADERS_WE_OWN = new Set(['content-security-policy', 'cache-control'])

type RenderPage = typeof import('vike/server')['renderPage']

/** Page renders one process runs at once; the rest wait in arrival order (ADR 0057). */
const RENDERS_AT_ONCE = 1
/**
 * What a warm-up renders, in turn: the pages visitors render most (sign-in and sign-up for one
 * request, the home page) and the not-found page, on desktop and phone, in each language.
 */
const WARM_UP_PATHS = ['/auth/sign_in', '/auth/sign_up', '/', '/auth/warm-up-not-found']

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
      // .br/.gz written next to each text asset by the build (build/precompress.ts).
      preCompressed: true,
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
    const renderPageNow = await loadRenderer(app, options)
    // First come, first served (ADR 0057). A render is CPU work only (no page awaits an upstream),
    // but Vike awaits between its steps, so unlimited renders interleave: under overload each new
    // one takes CPU from those before it and some wait past any client's patience (time-outs in
    // `npm run load`). One at a time in arrival order gives the same throughput and a bounded wait.
    // The queue is bounded by time (ADR 0068): a render that would wait past renderWaitMs is
    // answered 503 at once, so a flood gets quick refusals rather than answers nobody waits for.
    // The wait is what an operator watches to scale out before renders are shed (docs/operations.md).
    const queueWait = app.opsMetrics.renderQueueWait
    const queue = renderQueue({
      atOnce: RENDERS_AT_ONCE,
      maxWaitMs: options.renderWaitMs,
      onWaited: (waitMs, outcome) => queueWait.observe({ outcome }, waitMs / 1000),
    })
    const renderPage: RenderPage = (context) => queue.run(() => renderPageNow(context))
    const store = options.pageCacheBytes ? new PageStore<CachedPage>(options.pageCacheBytes) : null
    /** What every render's pageContext holds besides the request's own fields. */
    const renderFields = {
      edition: options.edition,
      // From configuration, never from the Host header: cached HTML is shared between visitors.
      publicOrigin: options.publicOrigin ?? '',
      externalApp: options.externalApp,
      captchaProvider: options.captchaProvider ?? null,
      frameFragments: options.frameFragments ?? true,
    }
    // A visitor's 404 is the same page for every path no page answers (ADR 0121): asked of Vike's
    // routes ahead of the render, it comes from the cache like any listed page.
    const noPageAt = store && options.mode === 'built' ? await noPageMatcher(renderFields) : null
    const formStateOnGet: FastifyInstance['formStateOnGet'] = new Map()
    app.decorate('formStateOnGet', formStateOnGet)

    /** Headers of a rendered page, Vike's minus those the BFF owns, plus the page's referrer policy. */
    function pageHeaders(pageContext: Awaited<ReturnType<RenderPage>>): Array<[string, string]> {
      const headers: Array<[string, string]> = []
      for (const [name, value] of pageContext.httpResponse?.headers ?? []) {
        if (!HEADERS_WE_OWN.has(name.toLowerCase())) headers.push([name, value])
      }
      // Vike leaves `config` out of what it answers to a path it has no page for (a `.ico`, a `.png`).
      const { referrerPolicy } = (pageContext.config ?? {}) as { referrerPolicy?: string }
      if (referrerPolicy) headers.push(['Referrer-Policy', referrerPolicy])
      // Pages carry a per-response nonce and may show the signed-in state: no shared cache may keep them.
      headers.push(['Cache-Control', 'no-store'], ['Vary', 'Cookie, Accept-Language, User-Agent'])
      return headers
    }

    // A render the queue refuses rejects with Overloaded: the app's error handler answers 503.
    async function render(request: FastifyRequest, reply: FastifyReply, posted?: FormState) {
      const formState = posted ?? formStateOnGet.get(pathOf(request.url))?.(request, reply) ?? undefined
      // A page answering a posted form shows one visitor's input: rendered for them, never cached.
      const key =
        store && !formState
          ? (pageKeyOf(request) ?? (noPageAt ? await notFoundKeyOf(request, noPageAt) : null))
          : null
      if (key && store) {
        const page = await store.get(keyString(key, options.edition), () => renderForKey(key))
        if (page) return sendCached(request, reply, page)
      }
      // A render for this request alone (signed in, a query outside the cache's allowlist, no
      // cache): the one thing a client can make us do at will, so it spends a per-IP budget.
      const retryAfterSeconds = await app.spendRateLimit(request, 'render')
      if (retryAfterSeconds > 0)
        return sendRetryLater(request, reply, 'pagesRateLimited', retryAfterSeconds, options.refusal)
      const userAgent = request.headers['user-agent'] ?? ''
      const user = request.sessionUser()
      // A sign-in under way shows its step from the session (never cached: page-cache/key.ts).
      const signInFlow = signInFlowOf(request)
      const pageContext = await renderPage({
        urlOriginal: request.url,
        headersOriginal: request.headers,
        cspNonce: reply.cspNonce.script,
        language: request.language,
        user,
        ...renderFields,
        isPhone: PHONE_USER_AGENT.test(userAgent),
        // For forms that must work without JavaScript (sign-out, a flow's later steps), bound to
        // the session. Minted only for pages rendered for one session (signed in, a posted form,
        // a sign-in under way), so visitors get no cookie just for looking.
        csrfToken: user || formState || signInFlow ? reply.generateCsrf() : '',
        ...(formState ? { formState } : {}),
        signUpResume: await signUpPageStateOf(request, reply, formState),
        signInFlow,
      })
      const { httpResponse } = pageContext
      if (!httpResponse) return reply.callNotFound()
      for (const [name, value] of pageHeaders(pageContext)) reply.header(name, value)
      // A form answered with its errors stays a 200: a 4xx document is a console error in every
      // browser (and in Lighthouse's best practices) for a page that works as intended.
      return reply.code(httpResponse.statusCode).send(httpResponse.body)
    }

    app.decorate('warmUpRenderer', async (renders: number) => {
      for (let index = 0; index < renders; index++) {
        const key: PageKey = {
          url: WARM_UP_PATHS[index % WARM_UP_PATHS.length] ?? '/',
          language: LANGUAGES[Math.floor(index / WARM_UP_PATHS.length) % LANGUAGES.length] ?? 'en',
          isPhone: Math.floor(index / (WARM_UP_PATHS.length * LANGUAGES.length)) % 2 === 1,
          desktopApp: false,
        }
        // Through the queue: one render per turn of the loop, probes and requests in between.
        // Refused means visitors already fill the queue: they warm the renderer from here on.
        const refused = await renderPage(contextForKey(key, 'warm-up')).then(
          () => false,
          (error: unknown) => {
            if (error instanceof Overloaded) return true
            throw error
          },
        )
        if (refused) return
      }
    })

    app.decorate('renderFormPage', (request: FastifyRequest, reply: FastifyReply, formState: FormState) =>
      render(request, reply, formState),
    )

    /**
     * Renders a page for a cache key alone: no cookies, no request headers beyond what the key
     * says, no session, a placeholder where the nonce goes and, for the not-found page, a
     * placeholder path where the visitor's goes. Kept only when it is a plain 200 page (the
     * not-found page: a plain 404) that sets no cookie and redirects nowhere (ADR 0015), and shows
     * its path nowhere but as the placeholder it was given (ADR 0121).
     */
    async function renderForKey(key: PageKey): Promise<CachedPage | null> {
      const nonce = randomBytes(16).toString('hex')
      const path = `/${randomBytes(16).toString('hex')}`
      const pageContext = await renderPage(contextForKey(key, nonce, path))
      const { httpResponse } = pageContext
      const status = key.notFound ? 404 : 200
      if (!httpResponse || httpResponse.statusCode !== status || typeof httpResponse.body !== 'string')
        return null
      const headers = pageHeaders(pageContext)
      if (headers.some(([name]) => /^(set-cookie|location)$/i.test(name))) return null
      const placeholders = key.notFound ? [nonce, path] : [nonce]
      // The path changed on its way into the page (encoded, cut): the page is rendered per request.
      if (key.notFound && httpResponse.body.replaceAll(path, '').includes(path.slice(1))) return null
      const body = spliceable(httpResponse.body, placeholders)
      return { status, headers, body, bytes: body.bytes + 512 }
    }

    /**
     * A page's context from its cache key alone: no request, no session, `nonce` for the nonce,
     * `notFoundPath` for the path of a not-found key.
     */
    function contextForKey(key: PageKey, nonce: string, notFoundPath = '') {
      return {
        urlOriginal: key.notFound ? `${notFoundPath}${key.url}` : key.url,
        headersOriginal: keyedHeaders(key),
        cspNonce: nonce,
        language: key.language,
        user: null,
        ...renderFields,
        isPhone: key.isPhone,
        csrfToken: '',
        signUpResume: null,
        signInFlow: null,
      }
    }

    function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
      for (const [name, value] of page.headers) reply.header(name, value)
      // The response's own nonce, the one its CSP header names (security.md #13); a not-found
      // page's path is this request's (notFoundKeyOf accepted it as echoable).
      const nonce = reply.cspNonce.script
      const values = page.status === 404 ? [nonce, pathOf(request.url)] : [nonce]
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        // Compressed ahead of time; the values go in uncompressed (BREACH rule, ADR 0016).
        reply.header('Vary', 'Cookie, Accept-Language, User-Agent, accept-encoding')
        reply.header('Content-Encoding', 'gzip')
        return reply.code(page.status).send(gzipped(page.body, values))
      }
      return reply.code(page.status).send(plain(page.body, values))
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
  {
    name: 'ssr',
    fastify: '5.x',
    dependencies: ['session', 'language', 'security-headers', 'csrf-tokens', 'rate-limit', 'metrics'],
  },
)

function redirectToSignIn(request: FastifyRequest, reply: FastifyReply) {
  const queryStart = request.url.indexOf('?')
  const query = queryStart >= 0 ? request.url.slice(queryStart) : ''
  return reply.redirect(`/auth/sign_in${query}`, 302)
}
