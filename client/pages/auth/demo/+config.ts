import type { Config } from 'vike/types'

export default { namespaces: ['demo'] } satisfies Config
