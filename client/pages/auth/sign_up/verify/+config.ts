import type { Config } from 'vike/types'

export default {
  // The URL of a verification link carries its id: no other site may learn it from a Referer (security.md #14).
  referrerPolicy: 'no-referrer',
} satisfies Config
