import { endpoints } from './define.ts'

/** Book a demo (spec §2 /auth/demo). */
export const demoEndpoints = endpoints({
  addSgReservationInfo: { access: 'page', limit: 'signUp' },
})
