/**
 * The browser-safe half of an endpoint: where and how it is called. Request schemas live apart
 * (shared/api/schemas.ts, server only) so a page that imports a flow's endpoints pulls in neither
 * zod nor another flow's table.
 */

/**
 * Per-IP rate-limit bucket of the BFF that protects an endpoint: sign-in attempts, sign-up and
 * other lead-creating submissions, password reset checks and changes, and anything that sends an
 * e-mail or a text (codes, links).
 */
export type RateLimitBucket = 'signIn' | 'signUp' | 'reset' | 'code'
// signIn also covers account look-ups by e-mail and the returns of identity and channel providers.

/**
 * What a person does in several calls of one bucket (issue 17: "a rate-limit cost per flow action,
 * not per raw call"). One unit of the bucket pays for one call of each step of the action, in the
 * session that paid; a step called again pays again (a second password is a second unit).
 */
export type FlowAction = 'passwordSignIn' | 'captcha' | 'signUpStart' | 'signUpSetup' | 'reset'

export interface EndpointRoute {
  /** The stable name (spec §7), e.g. `loginEmailCheck`: logs, errors and the BFF refer to it. */
  readonly name: string
  /** Relative to the API base, no leading slash; placeholders `{name}` or `:name` as in the spec. */
  readonly path: string
  readonly method: 'GET' | 'POST'
  /** Body as `application/json`; otherwise POST bodies are form-encoded. */
  readonly json: boolean
  readonly limit: RateLimitBucket | undefined
  /** The action this call is a step of: its cost is shared with the action's other steps. */
  readonly action?: FlowAction
  /** Why an endpoint has no bucket; every endpoint has either a `limit` or this (tested). */
  readonly exempt?: string
  /**
   * Who may call it (the endpoint-behaviour table, docs/flows/README.md): `page` — our pages
   * through `/api`; `flow` — only a flow module on the server (it owns the state the call needs:
   * the address, the link id, the provider's code); `internal` — nothing reachable from outside.
   */
  readonly access: EndpointAccess
  /** What a success does to the session; absent: nothing. */
  readonly session?: SessionEffect
  /** Server-to-server only (`access: 'internal'`): the BFF must not route it from the browser. */
  readonly internal?: true
  /**
   * Where `path` starts: the API base (`/api`) unless set. A flow's own step is a route of the
   * BFF (`''`: `/auth/reset/flow/link`), called with the same client, headers and error texts.
   */
  readonly base?: string
}

export type EndpointAccess = 'page' | 'flow' | 'internal'
/**
 * `signsIn`: the answer carries the login token of the identity the answer names (a new
 * session); `needsSession`: the upstream answers only a signed-in account (401 without one).
 */
export type SessionEffect = 'signsIn' | 'needsSession'

export interface RouteSpec {
  /** Default: the account service's version-4 call named like the row, `${LOGIN}/{name}/4`. */
  path?: string
  /** Required: every row says who may call it (the table test reads it). */
  access: EndpointAccess
  session?: SessionEffect
  method?: 'GET' | 'POST'
  json?: boolean
  limit?: RateLimitBucket
  action?: FlowAction
  exempt?: string
}

export type Routes<T> = { readonly [K in keyof T]: EndpointRoute & { readonly name: K } }

/** Base path of the account service's calls. */
export const LOGIN = 'basic-login'

/**
 * Method POST and a form body unless the spec says otherwise; the key becomes the name (and the
 * path, for the many `${LOGIN}/{name}/4` calls of spec §7).
 */
export function endpoints<const T extends Record<string, RouteSpec>>(table: T): Routes<T> {
  const out: Record<string, EndpointRoute> = {}
  for (const [name, spec] of Object.entries(table)) {
    out[name] = Object.freeze({
      name,
      path: spec.path ?? `${LOGIN}/${name}/4`,
      method: spec.method ?? 'POST',
      json: spec.json ?? false,
      limit: spec.limit,
      access: spec.access,
      ...(spec.action ? { action: spec.action } : {}),
      ...(spec.session ? { session: spec.session } : {}),
      ...(spec.exempt ? { exempt: spec.exempt } : {}),
      ...(spec.access === 'internal' ? { internal: true as const } : {}),
    })
  }
  return Object.freeze(out) as Routes<T>
}
