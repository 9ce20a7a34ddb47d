import type { Channel } from './outcome.ts'

/**
 * What the consent page shows (spec §2, §5, §6): the channel waiting in this session (or none),
 * whether someone is signed in, the signed-in account and the store or org the return names.
 * Answered by `GET /auth/channel_auth/flow` and rendered by the server on request.
 */
export interface ChannelConsentView {
  signedIn: boolean
  channel: Channel | null
  account: string | null
  store: string | null
}
