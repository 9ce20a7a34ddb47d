import type { Config } from 'vike/types'

// The app names the channels it connects with the channel-authorization texts.
export default { namespaces: ['external', 'channels'] } satisfies Config
