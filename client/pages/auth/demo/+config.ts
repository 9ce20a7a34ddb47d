import type { Config } from 'vike/types'

// signUp: the captcha's texts (client/components/captcha), shared with sign-up.
export default { namespaces: ['demo', 'signUp'] } satisfies Config
