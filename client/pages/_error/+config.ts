import type { Config } from 'vike/types'

export default { namespaces: ['external'] } satisfies Config
