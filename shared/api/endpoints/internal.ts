import { endpoints, LOGIN } from './define.ts'

/**
 * Server-to-server calls the BFF makes itself and never routes from the browser. Server only:
 * no page imports this file, so these paths never reach a client chunk.
 */
export const internalEndpoints = endpoints({
  channelForward: {
    access: 'internal',
    path: 'basic-channel-service/forward',
    exempt: 'internal: the BFF never routes it from a browser',
  },
  // WeCom scan: only the BFF's /auth/sso/wecom routes call it (they bind the ticket to the session's
  // single-use state and keep the token); starting a code spends the signIn bucket there (ADR 0050).
  memberQrCodeLoginUrl: {
    access: 'flow',
    path: `${LOGIN}/account/memberQrCodeLoginUrl`,
    limit: 'signIn',
  },
})
