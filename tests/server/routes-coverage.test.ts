/**
 * Every route the BFF registers (flow routes, /api, health, images, the external app…) is
 * exercised by at least one tap test at its own level: some file under tests/server or
 * tests/sandbox names its URL. A new route without a test fails here with its method and URL.
 *
 * The routes are collected exactly as Fastify registers them: server/app.ts is imported with a
 * `fastify` whose instances carry an `onRoute` hook from birth (buildApp registers everything
 * before it returns, so a hook added afterwards would see nothing). Pages (`ssr: true`) are left
 * out: the page renderer is tested through its own files (tests/server/page-cache, headers…).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify'
import t from 'tap'
import { loadConfig } from '../../config/index.ts'
import { startSandbox } from '../../sandbox/index.ts'
import { sandboxTopology } from '../../server/sandbox-topology.ts'
import { ROOT, sessionKey } from '../support/root.ts'

interface Route {
  method: string
  url: string
}

const registered: Route[] = []
function fastifyCollectingRoutes(options?: FastifyServerOptions) {
  const app = Fastify(options)
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url })
  })
  return app
}

const { buildApp } = await t.mockImport<typeof import('../../server/app.ts')>('../../server/app.ts', {
  // Fastify's other exports as they are (the request logger extends its LogController): only the
  // factory is swapped.
  fastify: { ...(await import('fastify')), default: fastifyCollectingRoutes },
})
const sandbox = await startSandbox()
t.teardown(() => sandbox.close())
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', SESSION_KEYS: sessionKey(7) }),
  topology: sandboxTopology(sandbox),
  root: ROOT,
  ssr: false,
})
t.teardown(() => app.close())
await app.ready()

/** Fastify adds a HEAD route for each GET: the GET's test covers it. */
const routes = registered.filter(
  (route) =>
    route.method !== 'HEAD' || !registered.some((other) => other.method === 'GET' && other.url === route.url),
)

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => file !== import.meta.filename)
}
const sources = ['tests/server', 'tests/sandbox']
  .flatMap((dir) => testFiles(path.join(ROOT, dir)))
  .map((file) => ({
    file: path.relative(ROOT, file),
    text: withConstantsInlined(readFileSync(file, 'utf8')),
  }))

/** `${BASE}/config.json` read as `/auth/external/config.json` when the file says `const BASE = '/auth/external'`. */
function withConstantsInlined(text: string): string {
  let out = text
  for (const [, name, value] of text.matchAll(/^(?:export )?const (\w+) = ['`]([^'`$]*)['`]$/gm))
    out = out.replaceAll(`\${${name}}`, value ?? '')
  return out
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * How a test names a route: its URL up to the first parameter or wildcard (`/auth/external/start/`
 * for `/auth/external/start/:provider`), and, for a static URL, not followed by more path
 * (`/auth/sign_up/flow` is not named by `/auth/sign_up/flow/back`). A query may follow.
 */
function urlPattern(url: string): RegExp {
  const cut = url.search(/[:*]/)
  if (cut >= 0) return new RegExp(escapeRegExp(url.slice(0, cut)), 'g')
  return new RegExp(`${escapeRegExp(url)}(?![\\w.\\-/])`, 'g')
}

/** A non-GET route needs its method named near one of the URL's mentions (within 400 characters). */
function coveredIn(route: Route, text: string): boolean {
  const method = new RegExp(`\\b${route.method}\\b`, 'i')
  for (const match of text.matchAll(urlPattern(route.url))) {
    if (route.method === 'GET') return true
    const around = text.slice(Math.max(0, match.index - 400), match.index + match[0].length + 400)
    if (method.test(around)) return true
  }
  return false
}

t.test('routes › the app registers the flow and BFF routes (the collector sees them)', async (t) => {
  const names = new Set(routes.map((route) => `${route.method} ${route.url}`))
  const expectedSome = ['POST /auth/sign_up/flow/finish', 'POST /auth/console', 'GET /healthz', 'POST /api/*']
  t.same(
    expectedSome.filter((name) => !names.has(name)),
    [],
    `${routes.length} routes registered, these among them`,
  )
})

t.test(
  'routes › every registered route is exercised by a test under tests/server or tests/sandbox',
  async (t) => {
    const uncovered = routes
      .filter((route) => !sources.some((source) => coveredIn(route, source.text)))
      .map((route) => `${route.method} ${route.url}`)
    t.same(uncovered, [], 'routes no test file names (with their method, for non-GET routes)')
  },
)
