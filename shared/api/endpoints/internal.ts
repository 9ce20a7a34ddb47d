import { endpoints, LOGIN } from './define.ts'

/**
 * Calls no page makes: server-to-server ones, flow-only ones no page needs to know, and calls of
 * the spec no page uses yet (not reachable from outside until one does; the sandbox has no
 * stand-in for those). Server only: no page imports this file, so these paths never reach a
 * client chunk.
 */
export const internalEndpoints = endpoints({
  channelForward: {
    access: 'internal',
    path: 'basic-channel-service/forward',
    // The client always sends the wrapper as JSON (server/upstream/client.server.ts #forward).
    json: true,
    exempt: 'internal: the BFF never routes it from a browser',
  },
  // WeCom scan: only the BFF's /auth/sso/wecom routes call it (they bind the ticket to the session's
  // single-use state and keep the token); starting a code spends the signIn bucket there (ADR 0050).
  memberQrCodeLoginUrl: {
    access: 'flow',
    // A confirmed scan answers the login token of the account that confirmed it.
    session: 'signsIn',
    path: `${LOGIN}/account/memberQrCodeLoginUrl`,
    limit: 'signIn',
  },
  // No page uses these yet.
  qccForward: { access: 'internal', path: 'basic-public/qccForward', limit: 'signUp' },
  queryAgentMenus: {
    access: 'internal',
    session: 'needsSession',
    path: 'basic-config-service/consoleAuth/queryAgentMenus',
    exempt: "signed-in sessions only: reads the signed-in agent's own menus",
  },
  getSecretKey: { access: 'internal', path: `${LOGIN}/account/getSecretKey`, limit: 'signIn' },
  registerSendSms: { access: 'internal', limit: 'code' },
})
