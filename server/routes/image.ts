import { availableParallelism } from 'node:os'
import path from 'node:path'
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import pLimit from 'p-limit'
import { envelope } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import {
  type ImageRequest,
  negotiateFormat,
  type OutputFormat,
  parseImageQuery,
  preparedFormats,
  type Rendered,
  readPrerendered,
  renderVariant,
  variantKey,
} from '../image-variants.ts'
import { sendRateLimited } from '../rate-limited.ts'

export const IMAGE_ROUTE = '/auth/_next/image'

export interface ImageRouteOptions {
  /**
   * The folder served at /auth/_next/static/media/: `dist/client/static/media` for the built app,
   * `public/static/media` in development. Only files in it can be sources (spec §7, §9).
   */
  mediaDir: string
  /** Bounds of the in-memory result cache (least recently used out first). */
  maxCacheEntries?: number
  maxCacheBytes?: number
  /** Resizes running at once (default: one core less than the machine has, at least one). */
  concurrency?: number
  /** Further paths answering exactly like IMAGE_ROUTE (the external app's image path). */
  alsoAt?: readonly string[]
  /** Resizes that may wait for a turn; past that a request gets 503 with Retry-After at once. */
  maxQueue?: number
  /**
   * Spends one unit of the client's budget for a render (a cache miss): 0 when allowed, else the
   * seconds until it refills (429). The app passes the rate limiter's `render` bucket, the one
   * uncached page renders spend (RATE_LIMIT_RENDER); none: renders are not counted per client.
   */
  spendRenderBudget?: (request: FastifyRequest) => Promise<number>
  /**
   * The pages' own images: answered from `prerenderedDir` (the build's renders, ADR 0100), or
   * rendered into the cache when the server starts if the build left none for them.
   */
  prerender?: readonly { source: string; width: number }[]
  /** Where the build left its renders of `prerender` (`dist/prerendered-images`). */
  prerenderedDir?: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once `prerender` is in the cache: read from the build, else rendered (or failed, logged). */
    imagesPrerendered: Promise<void>
  }
}

export class QueueFullError extends Error {}

/**
 * GET /auth/_next/image?url=…&w=…&q=… (spec §7, §9): resizes an image of the media folder with
 * sharp, answers AVIF or WebP when the Accept header allows, keeps results in a bounded LRU and
 * answers 400 to anything else (other hosts, other folders, other widths, bad quality).
 */
async function imageRoutesPlugin(app: FastifyInstance, options: ImageRouteOptions) {
  const cache = new LRUCache<string, Rendered>({
    max: options.maxCacheEntries ?? 256,
    maxSize: options.maxCacheBytes ?? 32 * 1024 * 1024,
    // Bounded by bytes too; a render larger than the whole cache is not kept (maxEntrySize).
    sizeCalculation: (rendered) => Math.max(1, rendered.byteLength),
  })
  const inFlight = new Map<string, Promise<Rendered>>()
  /** The build's renders of the pages' own images: kept whole, never pushed out by other variants. */
  let prepared = new Map<string, Rendered>()
  const limit = pLimit(options.concurrency ?? Math.max(1, availableParallelism() - 1))
  const maxQueue = options.maxQueue ?? 4
  const spendBudget = options.spendRenderBudget ?? (async () => 0)
  /** Clients with a render of their own running: one each, so nobody holds every slot (L2). */
  const rendering = new Set<string>()

  /** The cached render of `image` in `format`, joining a render of it already in flight. */
  const renderOnce = (image: ImageRequest, format: OutputFormat, key: string): Promise<Rendered> => {
    // At most `maxQueue` renders wait for a turn: past that a request is refused at once (503),
    // not queued for ever behind a burst.
    const queued =
      limit.activeCount >= limit.concurrency && limit.pendingCount >= maxQueue
        ? Promise.reject(new QueueFullError('image queue full'))
        : limit(() => renderVariant(image, format))
    const pending = queued
      .then((rendered) => {
        cache.set(key, rendered)
        return rendered
      })
      .finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
    return pending
  }

  // Pages' own images are known in advance (PAGE_IMAGES): the build renders them (ADR 0100), so
  // the first visitors never wait on a resize, nobody's render budget (or slot) is spent on them,
  // and a server serving only them never loads sharp. Without the build's files (development, an
  // older build) they are rendered at start-up instead.
  app.decorate('imagesPrerendered', Promise.resolve())
  app.addHook('onReady', async () => {
    if (options.prerenderedDir) {
      prepared = await readPrerendered(options.prerenderedDir)
      // Not fatal (they are rendered below), but the pod then holds sharp's ≈ 35–40 MB (ADR 0100).
      if (prepared.size === 0)
        app.log.warn(
          { dir: options.prerenderedDir },
          'the build left no page images: rendering them at start',
        )
    }
    const jobs = (options.prerender ?? []).flatMap((variant) => {
      const image = parseImageQuery({ url: variant.source, w: String(variant.width) }, options.mediaDir)
      if (!image) {
        app.log.warn({ url: variant.source }, 'page image not pre-rendered: not a valid image request')
        return []
      }
      return preparedFormats(image).map((format) => {
        const key = variantKey(image, format)
        if (prepared.has(key)) return Promise.resolve()
        return renderOnce(image, format, key).then(
          () => undefined,
          (error: Error) =>
            app.log.warn({ err: { message: error.message }, url: image.source }, 'pre-render failed'),
        )
      })
    })
    // Not awaited: readiness does not wait on resizes; a request meanwhile joins the render.
    app.imagesPrerendered = Promise.all(jobs).then(() => undefined)
  })

  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(400)
      .header('Cache-Control', 'no-store')
      .send(envelope('400', i18nFor(request.language ?? 'en').t('errors:badRequest')))

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const image = parseImageQuery(request.query, options.mediaDir)
    if (!image) return refuse(request, reply)
    const format = negotiateFormat(request.headers.accept, image.extension)
    const key = variantKey(image, format)
    let rendered = prepared.get(key) ?? cache.get(key)
    reply.header('X-Image-Cache', rendered ? 'HIT' : 'MISS')
    if (!rendered) {
      let pending = inFlight.get(key)
      if (!pending) {
        const wait = await spendBudget(request)
        if (wait > 0) return sendRateLimited(request, reply, wait)
      }
      if (!pending) {
        const client = normalizeIP(request.ip)
        if (rendering.has(client)) {
          // Waiting for another image's render of the same client would let one client fill the
          // queue within its budget and every other client's uncached image would get 503.
          return sendRateLimited(request, reply, 1)
        }
        rendering.add(client)
        pending = renderOnce(image, format, key).finally(() => rendering.delete(client))
      }
      try {
        rendered = await pending
      } catch (error) {
        if (error instanceof QueueFullError) {
          return reply
            .code(503)
            .header('Retry-After', '2')
            .header('Cache-Control', 'no-store')
            .send(envelope('503', i18nFor(request.language ?? 'en').t('errors:generic')))
        }
        // A missing or unreadable source is not a configured image: same answer as a bad URL.
        request.log.info({ err: { message: (error as Error).message }, url: image.source }, 'image refused')
        return refuse(request, reply)
      }
    }
    const name = path.basename(image.source).replace(/\.[^.]+$/, '')
    return reply
      .header('Content-Type', rendered.contentType)
      .header('Vary', 'Accept')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Content-Disposition', `inline; filename="${name}.${format === 'jpeg' ? 'jpg' : format}"`)
      .send(rendered.body)
  }
  for (const url of [IMAGE_ROUTE, ...(options.alsoAt ?? [])]) app.get(url, handler)
}

/** Not encapsulated, so `imagesPrerendered` is visible on the app that registers it. */
export const imageRoutes = fp(imageRoutesPlugin, { name: 'image-routes' })
