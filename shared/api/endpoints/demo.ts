import { endpoints, LOGIN } from './define.ts'

/** Book a demo (spec §2 /auth/demo). */
export const demoEndpoints = endpoints({
  addSgReservationInfo: { access: 'page', path: `${LOGIN}/addSgReservationInfo/4`, limit: 'signUp' },
})
