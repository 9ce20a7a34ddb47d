import type { Config } from 'vike/types'

export default {
  namespaces: ['home'],
} satisfies Config
