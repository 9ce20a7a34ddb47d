import type { Config } from 'vike/types'

export default {
  namespaces: ['overview'],
} satisfies Config
