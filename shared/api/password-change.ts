import type { EndpointRoute } from './endpoints/define.ts'

/**
 * `{ oldPassword, password, confirmPassword }`: the password age reminder's "Change now", for the
 * signed-in session (server/routes/sign-in-password-change.server.ts), called with the same client
 * as the sign-in's steps. Its own module: only the lazy change-password step loads it.
 */
export const changePasswordStep: EndpointRoute = Object.freeze({
  name: 'signInChangePassword',
  path: 'auth/sign_in/flow/changePassword',
  method: 'POST',
  json: true,
  limit: 'reset',
  access: 'page',
  base: '',
})
