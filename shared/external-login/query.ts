/**
 * The external-login query info of spec §3: which parameters each identity or commerce provider
 * brings back, for a sign-in and for a connect flow. The standalone app (client/pages/connect) and
 * the BFF (server/routes/external-login.server.ts) both read a provider's return with this module.
 */
export const PROVIDERS = [
  'microsoft',
  'salesforce',
  'shopify',
  'saml',
  'tikTok',
  'xiaohongshu',
  'lazada',
] as const
export type Provider = (typeof PROVIDERS)[number]
export const DEFAULT_PROVIDER: Provider = 'microsoft'

/** A sign-in with the provider's identity, or a connect flow that links an outside account. */
export type ExternalMode = 'signIn' | 'connect'

/**
 * Parameters besides `provider`, per mode; a mode a provider has no entry for is not offered by it.
 * Microsoft's `session_state` is a sign-in parameter only; SAML signs in only; the commerce
 * providers only connect.
 */
export const PROVIDER_PARAMS: Record<Provider, Partial<Record<ExternalMode, readonly string[]>>> = {
  microsoft: { signIn: ['code', 'state', 'session_state'], connect: ['code', 'state'] },
  salesforce: { connect: ['domain'] },
  shopify: { connect: ['payload'] },
  saml: { signIn: ['authId', 'retCode'] },
  tikTok: { connect: ['payload', 'retCode', 'retMsg'] },
  xiaohongshu: { connect: [] },
  lazada: { connect: ['code'] },
}

export type RawQuery = Record<string, unknown>

export type ExternalLoginQuery =
  | { ok: true; provider: Provider; mode: ExternalMode; params: Record<string, string> }
  | {
      ok: false
      /** Null when `provider` names none of the seven. */
      provider: Provider | null
      mode: ExternalMode
      reason: 'unknownProvider' | 'modeNotOffered' | 'missingParams'
      missing: string[]
    }

function present(query: RawQuery, name: string): string | undefined {
  const value = query[name]
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value)
}

/** The provider a query names; microsoft when it names none (spec §3 default). */
export function providerOf(query: RawQuery): Provider | null {
  const named = present(query, 'provider')
  if (named === undefined) return DEFAULT_PROVIDER
  return isProvider(named) ? named : null
}

/** Which of a provider's parameters are missing; TikTok needs `payload`, or both `retCode` and `retMsg`. */
function missingParams(provider: Provider, names: readonly string[], query: RawQuery): string[] {
  if (provider === 'tikTok') {
    if (present(query, 'payload')) return []
    const missing = ['retCode', 'retMsg'].filter((name) => !present(query, name))
    return missing.length === 0 ? [] : ['payload', ...missing]
  }
  return names.filter((name) => !present(query, name))
}

/** Reads a provider's return: valid only when all of that provider's parameters for the mode are present. */
export function parseExternalLoginQuery(query: RawQuery, mode: ExternalMode): ExternalLoginQuery {
  const provider = providerOf(query)
  if (provider === null) return { ok: false, provider, mode, reason: 'unknownProvider', missing: [] }
  const names = PROVIDER_PARAMS[provider][mode]
  if (!names) return { ok: false, provider, mode, reason: 'modeNotOffered', missing: [] }
  const missing = missingParams(provider, names, query)
  if (missing.length > 0) return { ok: false, provider, mode, reason: 'missingParams', missing }
  const params: Record<string, string> = {}
  for (const name of names) {
    const value = present(query, name)
    if (value !== undefined) params[name] = value
  }
  return { ok: true, provider, mode, params }
}

/** Every name a provider's return may carry (all modes), plus `provider` and the BFF's `state`. */
export function providerParamNames(provider: Provider): string[] {
  const names = new Set<string>(['provider', 'state'])
  for (const list of Object.values(PROVIDER_PARAMS[provider])) for (const name of list ?? []) names.add(name)
  return [...names]
}

/**
 * The query left once a provider's parameters are taken out (spec §4): `?language=en` stays,
 * `code`, `state`… go. Returns '' or a string starting with '?', for `history.replaceState`.
 */
export function strippedSearch(search: string, provider: Provider): string {
  const params = new URLSearchParams(search)
  for (const name of providerParamNames(provider)) params.delete(name)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

/** True when a query carries anything a provider sends back (not just `language`). */
export function looksLikeReturn(query: RawQuery): boolean {
  return [
    'provider',
    'state',
    ...new Set(Object.values(PROVIDER_PARAMS).flatMap((modes) => Object.values(modes).flat())),
  ].some((name) => present(query, name) !== undefined)
}

/** Every parameter name any provider's return may carry, `provider` and `state` included. */
const ALL_RETURN_NAMES = new Set(PROVIDERS.flatMap(providerParamNames))

/**
 * The query left once every provider parameter is taken out (spec §4, on the server: the return
 * is read when the page is requested, then the browser goes to this clean address).
 */
export function cleanReturnSearch(search: string): string {
  const params = new URLSearchParams(search)
  for (const name of ALL_RETURN_NAMES) params.delete(name)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

/**
 * True when a query is the waiting connect's own (a link of the app carries it, spec §2 link
 * rewriting): nothing new came back, so nothing is redeemed.
 */
export function isSavedConnectQuery(query: RawQuery, saved: Record<string, string>): boolean {
  return (
    looksLikeReturn(query) &&
    Object.entries(saved).every(([name, value]) => query[name] === value) &&
    Object.keys(query).every((name) => name === 'language' || name in saved)
  )
}
