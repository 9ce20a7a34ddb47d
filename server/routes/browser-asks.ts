import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { type RefusalOptions, sendRefusal } from '../refusal.ts'

export interface BrowserAsksOptions {
  /** The media folder being served (the build's, or the sources' in development). */
  mediaDir: string
  edition: 'international' | 'chinese'
  refusal: RefusalOptions
}

/** Crawlers may read the pages (they carry canonical links and keywords); the BFF's endpoints are no pages. */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /api/\n'

/**
 * Paths browsers and crawlers ask for on their own, on every first visit (issue 48 point 5).
 * Without these routes they reached the page renderer, which has no page for them: `/favicon.ico`
 * answered 500, one server error per new visitor in the error-rate alert.
 */
export async function browserAsksRoutes(app: FastifyInstance, options: BrowserAsksOptions) {
  // The edition's own icon (the one every page links to): browsers take an SVG at this path too.
  // Read on the first request: an app without the built pages (the BFF's own tests) never asks.
  const iconFile = path.join(
    options.mediaDir,
    options.edition === 'chinese' ? 'favicon-cn.svg' : 'favicon.svg',
  )
  let icon: Promise<Buffer> | undefined
  app.get('/favicon.ico', async (request, reply) => {
    icon ??= readFile(iconFile)
    const bytes = await icon.catch(() => null)
    if (!bytes) return sendRefusal(request, reply, 404, options.refusal)
    return reply
      .header('Content-Type', 'image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(bytes)
  })
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(ROBOTS_TXT),
  )
  // No home-screen icon: iOS asks for these names and falls back to a screenshot on a 404.
  for (const url of ['/apple-touch-icon.png', '/apple-touch-icon-precomposed.png'])
    app.get(url, async (request, reply) => sendRefusal(request, reply, 404, options.refusal))
}
