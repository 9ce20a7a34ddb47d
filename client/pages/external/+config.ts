import type { Config } from 'vike/types'

// Channel names appear on the app's connect page.
export default { namespaces: ['external', 'channels'] } satisfies Config
