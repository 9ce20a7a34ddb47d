/**
 * Numbers of the call layer (spec §7, §9) shared by the browser and the BFF. The query limits
 * are the ones the BFF parses with (`qs.parse(…, QUERY_PARSE_OPTIONS)`); the client refuses to
 * build a query or form body that would not parse back to the same data under them.
 */

/** Default base of every endpoint path. */
export const API_BASE = '/api'
/** Time-out of one call, ms. */
export const API_TIMEOUT_MS = 20_000

/** How long an error toast (`notify: true`) stays, ms. */
export const TOAST_DURATION_MS = 3_000
/** How long a notification (`notify: 'notification'`) stays, ms. */
export const NOTIFICATION_DURATION_MS = 4_500

/** The query string and form body limits, in the shape `qs.parse` takes them. */
export const QUERY_PARSE_OPTIONS = {
  /** Nesting below a top-level key: `a[b][c][d][e][f]` is depth 5. */
  depth: 5,
  /** Key/value pairs in one query string or form body. */
  parameterLimit: 1_000,
  /** Elements of one array (qs turns longer arrays into objects). */
  arrayLimit: 20,
} as const

/** Form library limits (spec §9). */
export const EMAIL_MAX = 320
export const URL_MAX = 2_048
/** Names, company, job title, referral code and other free text. */
export const TEXT_MAX = 100
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 20
export const CODE_LENGTH = 6
export const CHINA_MOBILE_LENGTH = 11
