import type { FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import type { EndpointName } from '../../shared/api/endpoints.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import { type ApiEnvelope, isSuccess } from '../../shared/envelope.ts'
import { parseLanguageParam } from '../../shared/language.ts'
import type { EnvironmentName } from '../../shared/regions.ts'
import { safeReturnPath } from '../../shared/safe-return.ts'
import { sessionSlot } from '../session-slot.server.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { upstreamFailed } from '../upstream/failure-answer.ts'
import { rememberAccountEnvironments } from './api/environment.ts'
import { consoleHandOver } from './console-hand-over.server.ts'
import { readSignInAnswer, startSession } from './sign-in-answer.server.ts'

/** A sign-in the provider confirmed for an account in several environments: the user picks one. */
export interface SsoPending {
  token: string
  email: string
  environment: EnvironmentName
  at: number
}

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Where to go after an enterprise sign-in (a checked same-site path), set at the start. */
    ssoReturn: { path: string; at: number }
    /** The page language the sign-in started in (`?language=`), kept for the pages after it. */
    ssoLanguage: 'en' | 'zh'
    /** An SSO sign-in waiting for the environment picker (ADR 0051). */
    ssoPending: SsoPending
  }
}

export const SSO_FAIL_PATH = '/auth/ssoFail'
export const SIGN_IN_PAGE = '/auth/sign_in'
/** How long a confirmed SSO sign-in may wait for the environment choice. */
export const SSO_PENDING_TTL_MS = 10 * 60_000
/**
 * How long the return path of a started sign-in is kept: the provider's round trip (its state
 * lives 10 minutes), then the environment picker (another 10), with room to spare.
 */
export const SSO_RETURN_TTL_MS = 30 * 60_000
/** The longest SSO `return` path kept in the session: our pages' paths are far shorter. */
export const MAX_SSO_RETURN_LENGTH = 256

/** A confirmed sign-in waiting for the environment picker (sso-picker.server.ts takes it). */
export const ssoPendingSlot = sessionSlot('ssoPending', {
  expiresAt: (pending) => pending.at + SSO_PENDING_TTL_MS,
})
/** Where the started sign-in goes afterwards. A value of the older shape (a bare string) is expired. */
const ssoReturnSlot = sessionSlot('ssoReturn', {
  expiresAt: (chosen) => (typeof chosen.at === 'number' ? chosen.at + SSO_RETURN_TTL_MS : 0),
})

/** What a provider's answer means for the user, whichever way the page learns it. */
export type SsoOutcome =
  | { kind: 'signedIn'; target: string }
  /** Several environments: the sign-in page shows the picker (`#sso=pick`). */
  | { kind: 'pick' }
  /** A refusal with a message on the sign-in page (700014, 700623-700627). */
  | { kind: 'refused'; code: string }
  /** Anything else: the ssoFail page ('system abnormity'). */
  | { kind: 'failed' }

export type UpstreamResult = { answer: ApiEnvelope; environment: EnvironmentName } | undefined

export function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries((request.query as Record<string, unknown>) ?? {})) {
    if (typeof value === 'string') out[key] = value
  }
  return out
}

/**
 * What every enterprise sign-in shares (Microsoft, SAML, WeCom): upstream calls in the session's
 * environment, the return path and language of the flow, and turning a provider's answer into a
 * signed-in session, the picker, or a refusal.
 */
export function ssoKit(topology: Topology) {
  async function upstream(
    request: FastifyRequest,
    name: EndpointName,
    data: Record<string, unknown>,
    options: { params?: Record<string, string>; environment?: EnvironmentName; bearerToken?: string } = {},
  ): Promise<UpstreamResult> {
    try {
      return await callEndpoint(request, topology, name, data, {
        ...options,
        // Provider returns are answered without the session's token unless one is given.
        bearerToken: options.bearerToken ?? null,
      })
    } catch (error) {
      // The provider's return ends on the failure page either way (/auth/ssoFail).
      upstreamFailed(request, error, { endpoint: name })
      return undefined
    }
  }

  function rememberReturn(request: FastifyRequest, source: Record<string, unknown>) {
    const target = typeof source.return === 'string' ? source.return : undefined
    request.ensureSession()
    // Kept in the sealed cookie: a long path (another site may choose it) is not kept at all and
    // the sign-in ends where a password sign-in does (security.md #1, issue 46).
    const path = target && target.length <= MAX_SSO_RETURN_LENGTH ? safeReturnPath(target) : undefined
    if (path) ssoReturnSlot.set(request, { path, at: Date.now() })
    else ssoReturnSlot.clear(request)
    request.session.set('ssoLanguage', parseLanguageParam(source.language))
  }

  /** A page of ours in the language the sign-in started in. */
  function inLanguage(request: FastifyRequest, path: string): string {
    const language = request.session.get('ssoLanguage') ?? parseLanguageParam(queryOf(request).language)
    return language ? `${path}?language=${language}` : path
  }

  /**
   * Starts the session, then goes where a password sign-in goes (ADR 0056): the safe return path,
   * else the console of the environment (`account/consoleLogin` with the new token, its URL checked
   * against the configured console), else the sign-in page's signed-in card.
   */
  async function signIn(request: FastifyRequest, values: Omit<SsoPending, 'at'>): Promise<SsoOutcome> {
    // A return never silently replaces another signed-in account (security.md #25): it stays, and
    // the sign-in page it lands on offers to sign out.
    const current = request.sessionUser()
    if (current && current.email.toLowerCase() !== values.email.toLowerCase()) {
      request.log.warn('sso return while another account is signed in here: not replaced')
      return { kind: 'refused', code: 'signedIn' }
    }
    const chosen = ssoReturnSlot.get(request)?.path
    const fallback = inLanguage(request, SIGN_IN_PAGE)
    // The agent's language is the one the sign-in page showed when the SSO started.
    const language = request.session.get('ssoLanguage') ?? request.language
    startSession(request, values, { environment: values.environment, language })
    if (chosen) return { kind: 'signedIn', target: chosen }
    const consoleUrl = await consoleHandOver(request, topology, values.environment, values.token)
    return { kind: 'signedIn', target: consoleUrl ?? fallback }
  }

  /** The upstream's answer to a redeemed provider code, as the user's outcome. */
  async function outcomeOf(request: FastifyRequest, result: UpstreamResult): Promise<SsoOutcome> {
    if (!result) return { kind: 'failed' }
    const { answer, environment } = result
    // A token that names nobody is a failed sign-in (security.md #21).
    const read = readSignInAnswer(answer)
    if (read.kind === 'nobody') {
      request.log.warn('sso answer with a token but no identity: refused')
      return { kind: 'failed' }
    }
    if (read.kind === 'identity') {
      const { token, email } = read
      // The picker serves SSO too: an account in several environments chooses before the session
      // starts, as the identity read here (sso-picker.server.ts).
      const places = await upstream(request, 'getAllEnvDomain', { email }, { environment })
      const environments =
        places && isSuccess(places.answer)
          ? rememberAccountEnvironments(request, places.answer.items, topology)
          : []
      if (environments.length > 1) {
        ssoPendingSlot.set(request, { token, email, environment, at: Date.now() })
        return { kind: 'pick' }
      }
      return await signIn(request, { token, email, environment })
    }
    if (/^7006(2[3-7])$/.test(answer.retCode) || answer.retCode === RET_CODES.noSuchAccount)
      return { kind: 'refused', code: answer.retCode }
    request.log.info({ retCode: answer.retCode }, 'sso sign-in refused')
    return { kind: 'failed' }
  }

  /** Where a page goes for an outcome that is not shown in place. */
  function locationOf(request: FastifyRequest, outcome: SsoOutcome): string {
    switch (outcome.kind) {
      case 'signedIn':
        return outcome.target
      case 'pick':
        return `${inLanguage(request, SIGN_IN_PAGE)}#sso=pick`
      case 'refused':
        // The fragment never reaches a server or a shared cache: the page reads it after hydration.
        return `${inLanguage(request, SIGN_IN_PAGE)}#sso=${encodeURIComponent(outcome.code)}`
      case 'failed':
        return inLanguage(request, SSO_FAIL_PATH)
    }
  }

  return { upstream, rememberReturn, inLanguage, signIn, outcomeOf, locationOf }
}

export type SsoKit = ReturnType<typeof ssoKit>
