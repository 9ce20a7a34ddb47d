import type { Config } from 'vike/types'

export default { namespaces: ['channels'] } satisfies Config
