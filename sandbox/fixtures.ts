import type { EnvironmentName } from '../shared/regions.ts'

/** One documented sandbox account (docs/sandbox.md lists them all). */
export interface FixtureAccount {
  readonly email: string
  readonly password: string
  readonly firstName: string
  readonly lastName: string
  readonly company: string
  /** Every environment the account lives in, in the order getAllEnvDomain lists them. */
  readonly environments: readonly EnvironmentName[]
  /** Mobile number for the phone-code password reset: country code without `+`, then the number. */
  readonly phone?: { readonly areaCode: string; readonly number: string }
  /** Enterprise single sign-on: Microsoft enabled, SAML configuration id, password sign-in off. */
  readonly sso?: SsoSettings
  /** Wrong passwords after which its sign-in needs a solved captcha (700112/700169); none: never. */
  readonly captchaAfter?: number
  /** Switched off by its company: every sign-in answers 700023. */
  readonly unavailable?: boolean
  /** Its company requires an e-mailed 6-digit code after the password (account/sendVerifyCode). */
  readonly emailCode?: boolean
  /** Products it may open (spec §3: console 02, agent 09); default both; empty: not activated. */
  readonly products?: readonly ProductCode[]
  /** No permission for the desktop workbench: sign-in sends it to /auth/restrict. */
  readonly restricted?: boolean
  /** Days since its password was set when the sandbox starts (the reminder comes after 90). */
  readonly passwordAgeDays?: number
}

/** Spec §3 product codes: console 02, agent 09. */
export type ProductCode = '02' | '09'

export interface SsoSettings {
  readonly microsoft?: boolean
  readonly samlConfigId?: string
  /** A member of the company's WeCom (企业微信): signs in by scanning the QR code. */
  readonly wecom?: boolean
  /** The company signs in only through its identity provider: passwords answer 700625. */
  readonly passwordDisabled?: boolean
}

/** The SAML configuration id of the sandbox company (`basic-sso/saml2/authenticate/{id}`). */
export const SANDBOX_SAML_CONFIG_ID = 'sandbox-saml'

/** Every fixture account shares this password (it satisfies the spec §5 password rule). */
export const FIXTURE_PASSWORD = 'Sandbox-Demo1'

/** What a fixture has unless it says otherwise: the shared password, the everyday company and region. */
const EVERYDAY = {
  password: FIXTURE_PASSWORD,
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
} as const

/** A fixture as the tests see it: its own fields' literal types over the everyday ones. */
type Fixture<Extra> = Omit<typeof EVERYDAY, keyof Extra> &
  Pick<FixtureAccount, 'email' | 'firstName' | 'lastName'> &
  Extra

/** A fixture account: its address and name, then what it has besides the everyday. */
function fixture<const Extra extends Partial<FixtureAccount> = Record<never, never>>(
  email: string,
  firstName: string,
  lastName: string,
  extra?: Extra,
): Fixture<Extra> {
  // TypeScript does not follow a generic spread's overrides; the spread order is what the type says.
  return { ...EVERYDAY, email, firstName, lastName, ...extra } as Fixture<Extra>
}

/** The everyday account: Singapore production environment only. */
export const DEMO_ACCOUNT = fixture('demo@sandbox.test', 'Demo', 'User')

/** Lives in two environments of two regions: drives the multi-environment picker. */
export const MULTI_ENV_ACCOUNT = fixture('multi@sandbox.test', 'Multi', 'Env', {
  company: 'Sandbox Global Ltd',
  environments: ['sg-k8s', 'us-k8s'],
})

/** US region only: signing in against the sg server answers 700014. */
export const US_ACCOUNT = fixture('us@sandbox.test', 'Una', 'States', {
  company: 'Sandbox US Inc',
  environments: ['us-k8s'],
})

/** Hong Kong region only. */
export const HK_ACCOUNT = fixture('hk@sandbox.test', 'Hong', 'Kong', {
  company: 'Sandbox HK Ltd',
  environments: ['hk'],
})

/** Chinese edition region (`ten`) only. */
export const TEN_ACCOUNT = fixture('ten@sandbox.test', 'Ten', 'Cent', {
  company: 'Sandbox CN Ltd',
  environments: ['ten'],
})

/** Reserved for lockout tests (5 wrong passwords in 15 minutes lock it for 15 minutes), sg-k8s. */
export const LOCKOUT_ACCOUNT = fixture('lockout@sandbox.test', 'Lock', 'Out')

/** Password reset by e-mail link or by text message (its phone is a mainland China mobile), sg-k8s. */
export const RESET_ACCOUNT = fixture('reset@sandbox.test', 'Reset', 'Me', {
  phone: { areaCode: '86', number: '13800138000' },
})

/** Signs in with Microsoft only (sg-k8s): the password answers 700625. */
export const SSO_MICROSOFT_ACCOUNT = fixture('sso-microsoft@sandbox.test', 'Micro', 'Soft', {
  company: 'Sandbox SSO Ltd',
  sso: { microsoft: true, passwordDisabled: true },
})

/** Signs in through the sandbox SAML provider (configuration `sandbox-saml`), sg-k8s and us-k8s. */
export const SSO_SAML_ACCOUNT = fixture('sso-saml@sandbox.test', 'Sam', 'Ell', {
  company: 'Sandbox SSO Ltd',
  environments: ['sg-k8s', 'us-k8s'],
  sso: { samlConfigId: SANDBOX_SAML_CONFIG_ID },
})

/** Signs in only by scanning the WeCom QR code (sg-k8s): the password answers 700625. */
export const SSO_WECOM_ACCOUNT = fixture('sso-wecom@sandbox.test', 'Wei', 'Com', {
  company: 'Sandbox SSO Ltd',
  sso: { wecom: true, passwordDisabled: true },
})

/** Switched off by its company (sg-k8s): sign-in answers 700023. */
export const UNAVAILABLE_ACCOUNT = fixture('unavailable@sandbox.test', 'Un', 'Available', {
  unavailable: true,
})

/** Reserved for the sign-in captcha: after 3 wrong passwords a captcha is required (sg-k8s). */
export const CAPTCHA_ACCOUNT = fixture('captcha@sandbox.test', 'Cap', 'Tcha', { captchaAfter: 3 })

/** Its company requires an e-mailed sign-in code after the password (sg-k8s). */
export const EMAIL_CODE_ACCOUNT = fixture('code@sandbox.test', 'Code', 'Mail', { emailCode: true })

/** An agent: only the agent product (09) is activated, so sign-in opens the agent workbench (sg-k8s). */
export const AGENT_ACCOUNT = fixture('agent@sandbox.test', 'Agent', 'Smith', { products: ['09'] })

/** No product activated yet: sign-in shows the product-not-activated notice (sg-k8s). */
export const NOT_ACTIVATED_ACCOUNT = fixture('inactive@sandbox.test', 'Not', 'Activated', { products: [] })

/** No permission for the desktop workbench: sign-in leads to /auth/restrict (sg-k8s). */
export const RESTRICTED_ACCOUNT = fixture('restricted@sandbox.test', 'Re', 'Stricted', { restricted: true })

/** Its password was set 120 days ago: sign-in shows the password age reminder (sg-k8s). */
export const OLD_PASSWORD_ACCOUNT = fixture('old-password@sandbox.test', 'Old', 'Password', {
  passwordAgeDays: 120,
})

export const FIXTURE_ACCOUNTS: readonly FixtureAccount[] = [
  DEMO_ACCOUNT,
  MULTI_ENV_ACCOUNT,
  US_ACCOUNT,
  HK_ACCOUNT,
  TEN_ACCOUNT,
  LOCKOUT_ACCOUNT,
  RESET_ACCOUNT,
  SSO_MICROSOFT_ACCOUNT,
  SSO_SAML_ACCOUNT,
  SSO_WECOM_ACCOUNT,
  UNAVAILABLE_ACCOUNT,
  CAPTCHA_ACCOUNT,
  EMAIL_CODE_ACCOUNT,
  AGENT_ACCOUNT,
  NOT_ACTIVATED_ACCOUNT,
  RESTRICTED_ACCOUNT,
  OLD_PASSWORD_ACCOUNT,
]

/** The fixture behind an address, if it is one (accounts created by tests have none). */
export function fixtureOf(email: string): FixtureAccount | undefined {
  return FIXTURE_ACCOUNTS.find((fixture) => fixture.email === email)
}

/** After how many wrong passwords a fixture account's sign-in needs a captcha (undefined: never). */
export function captchaThreshold(email: string): number | undefined {
  return FIXTURE_ACCOUNTS.find((fixture) => fixture.email === email)?.captchaAfter
}

/** Whether a fixture account is switched off (700023). */
export function isUnavailable(email: string): boolean {
  return FIXTURE_ACCOUNTS.some((fixture) => fixture.email === email && fixture.unavailable === true)
}
