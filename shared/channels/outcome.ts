import { RET_CODES } from '../api/ret-codes.ts'
import { SUCCESS_CODE } from '../envelope.ts'

/** The commerce and CRM channels a user can authorize (spec §2 /auth/channel_auth, §7). */
export const CHANNELS = ['salesforce', 'shopify', 'tikTok', 'lazada', 'xiaohongshu'] as const
export type Channel = (typeof CHANNELS)[number]

/** Channel type numbers of the upstream (spec §3): only these two are given. */
export const CHANNEL_TYPES = { shopify: 35, tikTok: 38 } as const

/**
 * What `/auth/channel_authStatus` shows (spec §3 "channel authorization results"), plus
 * `cancelled`: the user said no on the consent page (issue 18 point 15), and nothing was called.
 */
export const CHANNEL_OUTCOMES = ['success', 'failure', 'not_allowed', 'cancelled'] as const
export type ChannelOutcome = (typeof CHANNEL_OUTCOMES)[number]

/** Salesforce: the org cannot be authorized (spec §4). */
export const SALESFORCE_FAILURE_CODE = RET_CODES.salesforceFailed
/** Shopify: this shop may not be connected to the account. */
export const SHOPIFY_NOT_ALLOWED_CODE = RET_CODES.shopifyNotAllowed
/** TikTok: the shop's products do not allow the connection. */
export const TIKTOK_NOT_ALLOWED_CODE = RET_CODES.tiktokNotAllowed

/** Any answer the rule does not map: shown to the user with the server's own message. */
export class ChannelAuthError extends Error {
  readonly retCode: string
  constructor(retCode: string, retMsg: string) {
    super(retMsg)
    this.name = 'ChannelAuthError'
    this.retCode = retCode
  }
}

/**
 * The authorization outcome rule of spec §4, in one place: Salesforce 700619 → failure;
 * Shopify 110408 or TikTok 140005 → not_allowed; 000000 → success; anything else throws a
 * ChannelAuthError carrying the server's message. A code only counts for its own channel
 * (TikTok's 140005 from Shopify is an error, not "not allowed").
 */
export function channelOutcome(
  channel: Channel,
  answer: { retCode: string; retMsg: string },
): ChannelOutcome {
  const { retCode } = answer
  if (retCode === SUCCESS_CODE) return 'success'
  if (channel === 'salesforce' && retCode === SALESFORCE_FAILURE_CODE) return 'failure'
  if (channel === 'shopify' && retCode === SHOPIFY_NOT_ALLOWED_CODE) return 'not_allowed'
  if (channel === 'tikTok' && retCode === TIKTOK_NOT_ALLOWED_CODE) return 'not_allowed'
  throw new ChannelAuthError(retCode, answer.retMsg)
}

/**
 * The store or org a return names, for the consent page to say what is being connected. Only
 * Salesforce's return names one in the clear (the org's `domain`); the others carry a signed
 * payload or a code. Shown only when it looks like a host name: it comes from a URL anyone can
 * edit, so no sentence can be slipped into the page through it.
 */
export function connectedStoreOf(channel: Channel, params: Record<string, string>): string | null {
  const named = channel === 'salesforce' ? params.domain : undefined
  return named && /^[a-z0-9](?:[a-z0-9-]{0,62}\.){1,8}[a-z]{2,63}$/i.test(named) ? named.toLowerCase() : null
}

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value)
}

export function isChannelOutcome(value: unknown): value is ChannelOutcome {
  return typeof value === 'string' && (CHANNEL_OUTCOMES as readonly string[]).includes(value)
}
