import type { Config } from 'vike/types'

export default { namespaces: ['signUp'] } satisfies Config
