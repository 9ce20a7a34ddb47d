import type { Config } from 'vike/types'

export default { namespaces: ['sso'] } satisfies Config
