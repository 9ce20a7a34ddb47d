import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sameSitePath } from '../../../shared/frame/links.ts'
import { ENVIRONMENT_NAMES } from '../../../shared/regions.ts'
import { languageOfRaw, sendRefusal } from '../../refusal.ts'

const ABSOLUTE_HTTP = /^https?:\/\//i
/** `http://host[:port]`, then the path or query (a request target has no credentials or fragment). */
const HTTP_ABSOLUTE_FORM = /^https?:\/\/[^/?#@]+([/?][^#]*)?$/i
/** Where a redirect to an origin we do not know goes instead. */
export const OFF_SITE_FALLBACK = '/auth/sign_in'

/**
 * The path of an absolute-form request target (`GET http://host/x?y HTTP/1.1`, RFC 9112 §3.2.2),
 * the same one Fastify's router matched (find-my-way reads the path after the authority); undefined
 * for any other target that does not start with `/` (other schemes, credentials, fragments).
 */
export function originFormOf(target: string): string | undefined {
  if (target.startsWith('/')) return target
  const match = HTTP_ABSOLUTE_FORM.exec(target)
  if (!match) return undefined
  const rest = match[1] ?? ''
  return rest.startsWith('/') ? rest : `/${rest}`
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * The origins a `Location` may name, all from configuration: the site itself, the identity
 * providers it sends browsers to (Microsoft, the external app's providers), the captcha provider,
 * and every region's console. With the sandbox (never in a deployment) its loopback servers play
 * the providers, the SAML IdP and the consoles, so their origins are added too.
 */
export function configuredOrigins(app: FastifyInstance): Set<string> {
  const origins = new Set<string>()
  const add = (url: string | undefined) => {
    const origin = url ? originOf(url) : undefined
    if (origin && origin !== 'null') origins.add(origin)
  }
  if (!app.hasDecorator('config')) return origins
  const { config } = app
  add(config.publicOrigin)
  add(config.microsoft.authorizeUrl)
  for (const url of Object.values(config.externalApp.authorizeUrls)) add(url)
  add(config.captchaProvider?.origin)
  if (config.upstreams.kind === 'configured') {
    for (const region of Object.values(config.upstreams.topology.regions)) add(region?.consoleUrl)
  } else if (app.hasDecorator('upstream')) {
    for (const name of ENVIRONMENT_NAMES) {
      try {
        add(app.upstream.environment(name).upstream)
      } catch {
        // An environment the sandbox does not run.
      }
    }
  }
  return origins
}

/**
 * Routes that send the browser to an address the upstream answered for this sign-in: an
 * enterprise's own SAML IdP (`/auth/sso/saml`) and Rednote's authorization page (the external
 * app's `start/:provider`). No configuration can name those origins; the handlers accept only
 * http(s) addresses, and they set the Location from the upstream's answer, never from the request.
 */
function upstreamChosenRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set(['/auth/sso/saml'])
  if (app.hasDecorator('config')) routes.add(`${app.config.externalApp.basePath}/start/:provider`)
  return routes
}

/**
 * Keeps every redirect on the site or on a configured origin (security.md §11, §23).
 *
 * - An absolute-form request target (`GET http://evil.example//x HTTP/1.1`) is reduced to its path
 *   before any handler sees it: the router already matched that path, but `request.url` kept the
 *   whole target, and Vike's slash redirect copied it into `Location: http://evil.example/x`. Any
 *   other target that is not a path (another scheme, credentials, a fragment) is refused with 400.
 * - A `Location` naming an origin outside `configuredOrigins` becomes `/auth/sign_in` (logged at
 *   warn), except on the routes whose address the upstream chooses (`upstreamChosenRoutes`).
 * - Every other `Location` goes out as a plain same-site path: Vike's slash redirect copies the raw
 *   request line, so `GET /\evil.example/` would answer `Location: /\evil.example`, which browsers
 *   read as `//evil.example`.
 *
 * Fixing it here, once, covers Vike, the language redirect and every route a flow adds later.
 */
export default fp(
  async (app) => {
    const origins = configuredOrigins(app)
    const exempt = upstreamChosenRoutes(app)
    const defaultLanguage = app.hasDecorator('config') && app.config.edition === 'chinese' ? 'zh' : 'en'
    const https = app.hasDecorator('config') && (app.config.publicOrigin?.startsWith('https:') ?? false)

    // Callback style: nearly every target is a path, and passes without a promise. A refusal is
    // answered here and, as Fastify asks of a callback hook that replies, does not call done().
    app.addHook('onRequest', (request, reply, done) => {
      const target = request.raw.url ?? '/'
      if (target.startsWith('/') || (target === '*' && request.method === 'OPTIONS')) return done()
      const path = originFormOf(target)
      if (path !== undefined) {
        request.raw.url = path
        return done()
      }
      refuse(request, reply)
    })

    function refuse(request: FastifyRequest, reply: FastifyReply) {
      request.language = languageOfRaw('/', request.headers['accept-language'], defaultLanguage)
      request.log.info('request refused: the request target is neither a path nor an http(s) URL')
      return sendRefusal(request, reply, 400, { https }, 'errors:malformedRequest')
    }

    // Callback style: no promise per response for a synchronous check.
    app.addHook('onSend', (request, reply, _payload, done) => {
      keepRedirectOnSite(request, reply)
      done()
    })

    function keepRedirectOnSite(request: FastifyRequest, reply: FastifyReply) {
      const location = reply.getHeader('location')
      if (typeof location !== 'string') return
      if (ABSOLUTE_HTTP.test(location)) {
        const origin = originOf(location)
        if (origin && origins.has(origin)) return
        if (exempt.has(request.routeOptions.url ?? '')) return
        request.log.warn(
          { origin, route: request.routeOptions.url },
          'redirect to an origin that is not configured was replaced by the sign-in page',
        )
        reply.header('location', OFF_SITE_FALLBACK)
        return
      }
      const safe = sameSitePath(location)
      if (safe !== location) {
        request.log.warn({ location: safe }, 'redirect to a path that could leave the site was rewritten')
        reply.header('location', safe)
      }
    }
  },
  { name: 'safe-redirects', fastify: '5.x' },
)
