import type { Config } from 'vike/types'

// captcha: the captcha's texts (client/components/captcha), shared with sign-in and sign-up.
export default { namespaces: ['demo', 'captcha'] } satisfies Config
