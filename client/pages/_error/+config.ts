import type { Config } from 'vike/types'

// The external app's own 404 is rendered here too (client/pages/external/+guard.ts).
export default { namespaces: ['external'] } satisfies Config
