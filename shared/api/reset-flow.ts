/** Spec §9: a link or code can be requested again one minute after the last one. */
export const RESEND_WAIT_SECONDS = 60

export type ResetStep = 'request' | 'sent' | 'code' | 'newPassword'

/** What `GET /auth/reset/flow` tells the reset page about the reset in progress. */
export type ResetFlowView =
  | { step: 'request' }
  | {
      step: Exclude<ResetStep, 'request'>
      via: 'email' | 'phone'
      /** The address or number the link or code went to, as the visitor typed it. */
      account: string
      areaCode?: string
      resendInSeconds: number
    }
