import type { EndpointRoute } from './endpoints/define.ts'

/**
 * Steps of the flows the BFF owns (server/routes/*-flow.server.ts), called from pages with the
 * same client as `/api` endpoints (language header, time-outs, localised errors). The server
 * holds what the step needs (the link id, the address): the page sends only what the user typed.
 */
function step(name: string, path: string, limit: EndpointRoute['limit']): EndpointRoute {
  return Object.freeze({ name, path, method: 'POST', json: true, limit, access: 'page', base: '' })
}

export const resetLinkSteps = Object.freeze({
  /** `{ id }` from the link's fragment: checked and kept in the session, never in a URL. */
  check: step('resetLinkCheck', 'auth/reset/flow/link', 'reset'),
  /** `{ password, confirmPassword }`: the new password with the checked link, once. */
  newPassword: step('resetLinkNewPassword', 'auth/reset/flow/link/password', 'reset'),
})

export const signUpSteps = Object.freeze({
  /** Finishes the registration this session's flow holds. */
  finish: step('signUpFinish', 'auth/sign_up/flow/finish', 'signUp'),
})
