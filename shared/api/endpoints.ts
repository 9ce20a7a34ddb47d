import { loose } from '../schemas/fields.ts'
import { captchaEndpoints } from './endpoints/captcha.ts'
import { channelEndpoints } from './endpoints/channel.ts'
import type { EndpointRoute } from './endpoints/define.ts'
import { demoEndpoints } from './endpoints/demo.ts'
import { internalEndpoints } from './endpoints/internal.ts'
import { resetEndpoints } from './endpoints/reset.ts'
import { sessionEndpoints } from './endpoints/session.ts'
import { signInEndpoints } from './endpoints/signIn.ts'
import { signUpEndpoints } from './endpoints/signUp.ts'
import { ssoEndpoints } from './endpoints/sso.ts'
import { type CompiledPath, compilePath, matchPath, pathPlaceholders } from './path.ts'
import { REQUEST_SCHEMAS, type RequestSchema, UPSTREAM_CONTRACTS, type UpstreamContract } from './schemas.ts'

/**
 * The whole endpoint table, for the server: the BFF routes `/api/...` with it and its tests walk
 * it. Pages never import this file (it pulls in every flow and every zod schema): they import
 * their flow's table from shared/api/endpoints/<flow>.ts, see docs/pages.md.
 */

export type { EndpointRoute, RateLimitBucket } from './endpoints/define.ts'

export interface Endpoint extends EndpointRoute, UpstreamContract {
  /** The request data once path parameters are taken out: the body, or the query for GET. */
  readonly schema: RequestSchema
  /** How the BFF calls the upstream (default: `method`). */
  readonly upstreamMethod: 'GET' | 'POST'
}

const ROUTES = {
  ...signUpEndpoints,
  ...captchaEndpoints,
  ...demoEndpoints,
  ...signInEndpoints,
  ...resetEndpoints,
  ...sessionEndpoints,
  ...ssoEndpoints,
  ...channelEndpoints,
  ...internalEndpoints,
}

type RouteName = keyof typeof ROUTES

/** Keys naming no endpoint: a misspelt key would silently leave an endpoint on `loose`. */
type UnknownSchemaKeys = Exclude<keyof typeof REQUEST_SCHEMAS | keyof typeof UPSTREAM_CONTRACTS, RouteName>
const everySchemaHasItsEndpoint: [UnknownSchemaKeys] extends [never] ? true : UnknownSchemaKeys = true
void everySchemaHasItsEndpoint

/** Every call of spec §7 with its schema. Names are stable: the BFF and its tests refer to them. */
export const ENDPOINTS = Object.freeze(
  Object.fromEntries(
    Object.entries(ROUTES).map(([name, route]) => {
      const upstream: UpstreamContract = (UPSTREAM_CONTRACTS as Record<string, UpstreamContract>)[name] ?? {}
      const endpoint: Endpoint = {
        ...route,
        schema: (REQUEST_SCHEMAS as Record<string, RequestSchema>)[name] ?? loose,
        upstreamMethod: upstream.upstreamMethod ?? route.method,
        ...(upstream.toUpstream ? { toUpstream: upstream.toUpstream } : {}),
      }
      return [name, Object.freeze(endpoint)]
    }),
  ),
) as { readonly [K in RouteName]: Endpoint & { readonly name: K } }

export type EndpointName = keyof typeof ENDPOINTS

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[]

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(ENDPOINTS, name)
}

/** Names of the path parameters of an endpoint, e.g. `['id']`. */
export function pathParamNames(name: EndpointName): string[] {
  return pathPlaceholders(ENDPOINTS[name].path).map((placeholder) => placeholder.name)
}

const compiled: [EndpointName, Endpoint, CompiledPath][] = ENDPOINT_NAMES.map((name) => [
  name,
  ENDPOINTS[name],
  compilePath(ENDPOINTS[name].path),
])

/**
 * Endpoints whose path has no placeholder, by method and path: most calls are found without a
 * scan of the table (two lookups per `/api` call, the rate limit's and the proxy's). One an
 * earlier row's template also fits (a duplicate row included) is left to the scan, so the table's
 * order still decides.
 */
const withoutPlaceholders = new Map<string, (typeof compiled)[number]>()
for (const [index, entry] of compiled.entries()) {
  const [, endpoint, template] = entry
  if (template.placeholders.length > 0) continue
  const relative = endpoint.path.replace(/^\/+/, '')
  const key = `${endpoint.method} ${relative}`
  const shadowed = compiled
    .slice(0, index)
    .some(
      ([, earlier, earlierTemplate]) =>
        earlier.method === endpoint.method && earlierTemplate.regex.test(relative),
    )
  if (!shadowed) withoutPlaceholders.set(key, entry)
}

export interface EndpointMatch {
  name: EndpointName
  endpoint: Endpoint
  /** Decoded path parameters; each checked against `PATH_PARAM_PATTERN` (or an identifier when embedded). */
  params: Record<string, string>
}

/**
 * The endpoint for a method and a path relative to the API base (`basic-login/serviceLoginNew/4`,
 * a leading slash is ignored; no query string). Undefined when nothing fits or a path parameter
 * holds something it may not (a slash, `..`, a malformed escape).
 */
export function findEndpointByPath(method: string, path: string): EndpointMatch | undefined {
  const wanted = method.toUpperCase()
  const relative = path.replace(/^\/+/, '')
  const exact = withoutPlaceholders.get(`${wanted} ${relative}`)
  if (exact) return { name: exact[0], endpoint: exact[1], params: {} }
  for (const [name, endpoint, template] of compiled) {
    if (endpoint.method !== wanted) continue
    const params = matchPath(template, relative)
    if (params) return { name, endpoint, params }
  }
  return undefined
}
