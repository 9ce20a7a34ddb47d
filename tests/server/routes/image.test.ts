import { readFileSync } from 'node:fs'
import path from 'node:path'
import Fastify from 'fastify'
import sharp from 'sharp'
import t from 'tap'
import { negotiateFormat, prerenderImages } from '../../../server/image-variants.ts'
import language from '../../../server/plugins/app/language.ts'
import singleUse from '../../../server/plugins/app/single-use.server.ts'
import rateLimit from '../../../server/plugins/external/rate-limit.ts'
import { IMAGE_ROUTE, imageRoutes } from '../../../server/routes/image.ts'
import { PAGE_IMAGES } from '../../../shared/frame/constants.ts'
import { ROOT } from '../../support/root.ts'

const MEDIA_DIR = path.join(ROOT, 'public/static/media')
const PNG = '/auth/_next/static/media/hero-console.png'
const SVG = '/auth/_next/static/media/logo.svg'

interface Teardown {
  teardown(fn: () => unknown): void
}

/** A generous rule for the buckets the image route never spends. */
const UNUSED = { max: 1000, windowMs: 60_000 }

/**
 * The route with the app's rate limiter in front of it (in memory): `missesPerMinute` is the
 * `render` bucket (RATE_LIMIT_RENDER), the one uncached page renders spend too.
 */
async function build(
  t: Teardown,
  options: {
    maxCacheEntries?: number
    concurrency?: number
    maxQueue?: number
    missesPerMinute?: number
    prerender?: readonly { source: string; width: number }[]
    prerenderedDir?: string
  } = {},
  app = Fastify(),
) {
  const { missesPerMinute = 1000, ...imageOptions } = options
  await app.register(language, { edition: 'international' })
  await app.register(singleUse, { redis: undefined })
  await app.register(rateLimit, {
    redis: undefined,
    limits: {
      signIn: UNUSED,
      signUp: UNUSED,
      reset: UNUSED,
      code: UNUSED,
      render: { max: missesPerMinute, windowMs: 60_000 },
    },
  })
  await app.register(imageRoutes, {
    mediaDir: MEDIA_DIR,
    spendRenderBudget: (request) => app.spendRateLimit(request, 'render'),
    ...imageOptions,
  })
  t.teardown(() => app.close())
  await app.ready()
  return app
}

const url = (source: string, w: number | string, q?: number | string) =>
  `${IMAGE_ROUTE}?url=${encodeURIComponent(source)}&w=${w}${q === undefined ? '' : `&q=${q}`}`

t.test(
  'GET /auth/_next/image › serves AVIF, then WebP, then the source format as Accept allows',
  async (t) => {
    const app = await build(t)
    const cases = [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['image/png,*/*', 'image/png', 'png'],
      [undefined, 'image/png', 'png'],
    ] as const
    for (const [accept, contentType, sharpFormat] of cases) {
      const response = await app.inject({ url: url(PNG, 640), headers: accept ? { accept } : {} })
      t.equal(response.statusCode, 200, `${accept}`)
      t.equal(response.headers['content-type'], contentType)
      t.equal(response.headers.vary, 'Accept')
      t.match(response.headers['cache-control'], /public/)
      const meta = await sharp(response.rawPayload).metadata()
      t.equal(meta.format, sharpFormat)
      t.equal(meta.width, 640, 'resized to the asked width')
    }
  },
)

t.test('GET /auth/_next/image › never enlarges a bitmap, renders a vector at the asked width', async (t) => {
  const app = await build(t)
  const big = await app.inject({ url: url(PNG, 3840), headers: { accept: 'image/webp' } })
  t.equal(big.statusCode, 200)
  t.equal((await sharp(big.rawPayload).metadata()).width, 1120, 'the source is 1120px wide')
  const vector = await app.inject({ url: url(SVG, 256), headers: { accept: 'image/webp' } })
  t.equal(vector.statusCode, 200)
  t.equal(vector.headers['content-type'], 'image/webp', 'an SVG source never goes out as SVG')
  t.equal((await sharp(vector.rawPayload).metadata()).width, 256)
})

t.test('GET /auth/_next/image › quality is 75, the only one our pages use', async (t) => {
  const app = await build(t)
  const headers = { accept: 'image/webp' }
  const byDefault = await app.inject({ url: url(PNG, 1080), headers })
  const explicit = await app.inject({ url: url(PNG, 1080, 75), headers })
  t.same(byDefault.rawPayload, explicit.rawPayload, 'q=75 is the default')
  t.equal(explicit.headers['x-image-cache'], 'HIT', 'and the same cache entry')
  // Each other quality would be another uncached variant to render (the review tried q=17).
  for (const q of [1, 5, 17, 74, 76, 100]) {
    t.equal((await app.inject({ url: url(PNG, 640, q), headers })).statusCode, 400, `q=${q}`)
  }
})

t.test('GET /auth/_next/image › caches each result and reuses it', async (t) => {
  const app = await build(t)
  const first = await app.inject({ url: url(PNG, 750), headers: { accept: 'image/avif' } })
  const second = await app.inject({ url: url(PNG, 750), headers: { accept: 'image/avif' } })
  t.equal(first.headers['x-image-cache'], 'MISS')
  t.equal(second.headers['x-image-cache'], 'HIT')
  t.same(second.rawPayload, first.rawPayload)
  const otherFormat = await app.inject({ url: url(PNG, 750), headers: { accept: 'image/webp' } })
  t.equal(otherFormat.headers['x-image-cache'], 'MISS', 'the format is part of the key')
})

t.test('GET /auth/_next/image › answers 400 to anything but a configured source and size', async (t) => {
  const app = await build(t)
  const bad = [
    `${IMAGE_ROUTE}`,
    `${IMAGE_ROUTE}?w=640`,
    `${IMAGE_ROUTE}?url=${encodeURIComponent(PNG)}`,
    url('https://evil.example/a.png', 640),
    url('//evil.example/a.png', 640),
    url('/auth/_next/static/media/../../../package.json', 640),
    url('/auth/_next/static/media/%2e%2e/secret.png', 640),
    url('/auth/_next/static/media/.hidden.png', 640),
    url('/auth/_next/assets/app.png', 640),
    url('/etc/passwd', 640),
    url('/auth/_next/static/media/missing.png', 640),
    url('/auth/_next/static/media/notes.txt', 640),
    url(PNG, 641),
    url(PNG, 100),
    url(PNG, 0),
    url(PNG, '640px'),
    url(PNG, 640, 0),
    url(PNG, 640, 101),
    url(PNG, 640, 'high'),
    url(PNG, 640, '7.5'),
    `${url(PNG, 640)}&w=750`,
    `${url(PNG, 640)}&url=${encodeURIComponent(SVG)}`,
  ]
  for (const target of bad) {
    const response = await app.inject({ url: target })
    t.equal(response.statusCode, 400, target)
    t.equal(response.headers['content-type']?.startsWith('application/json'), true)
  }
  for (const w of [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840]) {
    t.equal((await app.inject({ url: url(SVG, w) })).statusCode, 200, `w=${w} is allowed`)
  }
})

t.test('negotiateFormat › reads the Accept header, q=0 refuses a type', async (t) => {
  t.equal(negotiateFormat('image/avif,image/webp', 'png'), 'avif')
  t.equal(negotiateFormat('image/avif;q=0,image/webp', 'png'), 'webp')
  t.equal(negotiateFormat('*/*', 'jpg'), 'jpeg')
  t.equal(negotiateFormat(undefined, 'svg'), 'png')
})

t.test('GET /auth/_next/image › a burst of distinct variants is bounded, not queued for ever', async (t) => {
  const app = await build(t, { concurrency: 1, maxQueue: 2, missesPerMinute: 1000 })
  const widths = [640, 750, 828, 1080, 1200, 1920, 2048, 3840]
  const responses = await Promise.all(
    // Each from a client of its own: one client gets one render in flight (the test below).
    widths.map((w, index) =>
      app.inject({
        url: url(SVG, w),
        remoteAddress: `198.51.100.${index + 1}`,
        headers: { accept: 'image/avif' },
      }),
    ),
  )
  const codes = responses.map((response) => response.statusCode)
  t.equal(codes.filter((code) => code === 200).length, 3, `one running and two waiting are served (${codes})`)
  const refused = responses.filter((response) => response.statusCode === 503)
  t.equal(refused.length, 5, 'the rest are refused at once')
  for (const response of refused) {
    t.equal(response.headers['retry-after'], '2')
    t.equal(response.json().retCode, '503')
  }
})

t.test('GET /auth/_next/image › one client may cause only so many renders a minute', async (t) => {
  const app = await build(t, { missesPerMinute: 3 })
  const ask = (w: number) =>
    app.inject({ url: url(SVG, w), remoteAddress: '203.0.113.9', headers: { accept: 'image/webp' } })
  for (const w of [16, 32, 48]) t.equal((await ask(w)).statusCode, 200, `render ${w}`)
  const over = await ask(64)
  t.equal(over.statusCode, 429, 'the fourth distinct render is refused')
  const retryAfter = Number(over.headers['retry-after'])
  t.ok(retryAfter > 0 && retryAfter <= 60, `when the render budget refills (${retryAfter} s)`)
  t.equal((await ask(16)).statusCode, 200, 'cached variants stay free')
  const other = await app.inject({
    url: url(SVG, 64),
    remoteAddress: '198.51.100.2',
    headers: { accept: 'image/webp' },
  })
  t.equal(other.statusCode, 200, 'another client has its own budget')
})

t.test(
  'GET /auth/_next/image › one render in flight per client: a greedy client cannot starve others (L2)',
  async (t) => {
    const app = await build(t, { concurrency: 2, maxQueue: 4, missesPerMinute: 100 })
    const WIDTHS = [640, 750, 828, 1080, 1200, 1920]
    const greedy = WIDTHS.map((w) =>
      app.inject({ url: url(PNG, w), remoteAddress: '203.0.113.1', headers: { accept: 'image/avif' } }),
    )
    const other = app.inject({
      url: url(PNG, 2048),
      remoteAddress: '203.0.113.2',
      headers: { accept: 'image/avif' },
    })
    const greedyCodes = (await Promise.all(greedy)).map((response) => response.statusCode)
    const otherResponse = await other
    t.equal(
      greedyCodes.filter((code) => code === 200).length,
      1,
      `one of the greedy client's renders (${greedyCodes})`,
    )
    t.same(
      greedyCodes.filter((code) => code !== 200),
      [429, 429, 429, 429, 429],
      'the rest: try again shortly',
    )
    t.equal(otherResponse.statusCode, 200, 'another client is served, not refused with 503')
    const refused = (await Promise.all(greedy)).find((response) => response.statusCode === 429)
    t.equal(refused?.headers['retry-after'], '1', 'says when to try again')
  },
)

t.test(
  'GET /auth/_next/image › the pages’ own images are rendered at start-up, free for everyone',
  async (t) => {
    // A budget of zero renders: only what the server rendered itself can be answered.
    const app = await build(t, { missesPerMinute: 0, prerender: Object.values(PAGE_IMAGES) })
    await app.imagesPrerendered
    for (const accept of ['image/avif,image/webp,*/*', 'image/webp,*/*', 'image/png']) {
      const response = await app.inject({
        url: url(PAGE_IMAGES.externalLogo.source, PAGE_IMAGES.externalLogo.width),
        headers: { accept },
      })
      t.equal(response.statusCode, 200, accept)
      t.equal(response.headers['x-image-cache'], 'HIT', `${accept}: answered from the start-up render`)
    }
    const other = await app.inject({ url: url(SVG, 128), headers: { accept: 'image/webp' } })
    t.equal(other.statusCode, 429, 'any other variant still costs a render')
  },
)

t.test(
  'GET /auth/_next/image › answers the pages’ own images from the build’s renders, byte for byte, never evicted',
  async (t) => {
    const dir = t.testdir()
    const written = await prerenderImages(Object.values(PAGE_IMAGES), MEDIA_DIR, dir)
    t.equal(written, 3, 'AVIF, WebP and the source kind (PNG for a vector)')
    const app = await build(t, {
      maxCacheEntries: 1,
      missesPerMinute: 1,
      prerender: Object.values(PAGE_IMAGES),
      prerenderedDir: dir,
    })
    await app.imagesPrerendered
    // Another variant fills the one-entry cache: the build's renders are not pushed out by it.
    const other = await app.inject({ url: url(SVG, 128), headers: { accept: 'image/webp' } })
    t.equal(other.headers['x-image-cache'], 'MISS', 'another variant is rendered and cached')
    for (const [accept, file] of [
      ['image/avif,image/webp,*/*', 'logo.svg-256-75.avif'],
      ['image/webp,*/*', 'logo.svg-256-75.webp'],
      ['image/png', 'logo.svg-256-75.png'],
    ] as const) {
      const response = await app.inject({
        url: url(PAGE_IMAGES.externalLogo.source, PAGE_IMAGES.externalLogo.width),
        headers: { accept },
      })
      t.equal(response.headers['x-image-cache'], 'HIT', accept)
      t.same(response.rawPayload, readFileSync(path.join(dir, file)), `${accept}: the file the build wrote`)
    }
  },
)

t.test(
  'GET /auth/_next/image › without the build’s renders: says so in the log, renders them at start',
  async (t) => {
    const lines: Array<{ msg?: string }> = []
    const logged = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    })
    const app = await build(
      t,
      { missesPerMinute: 0, prerender: Object.values(PAGE_IMAGES), prerenderedDir: t.testdir() },
      logged,
    )
    await app.imagesPrerendered
    t.ok(
      lines.some((line) => line.msg === 'the build left no page images: rendering them at start'),
      'a warning names the missing renders',
    )
    const response = await app.inject({
      url: url(PAGE_IMAGES.externalLogo.source, PAGE_IMAGES.externalLogo.width),
      headers: { accept: 'image/webp' },
    })
    t.equal(response.headers['x-image-cache'], 'HIT', 'rendered at start instead')
  },
)
