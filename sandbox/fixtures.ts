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

/** The everyday account: Singapore production environment only. */
export const DEMO_ACCOUNT = {
  email: 'demo@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Demo',
  lastName: 'User',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
} as const satisfies FixtureAccount

/** Lives in two environments of two regions: drives the multi-environment picker. */
export const MULTI_ENV_ACCOUNT = {
  email: 'multi@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Multi',
  lastName: 'Env',
  company: 'Sandbox Global Ltd',
  environments: ['sg-k8s', 'us-k8s'],
} as const satisfies FixtureAccount

/** US region only: signing in against the sg server answers 700014. */
export const US_ACCOUNT = {
  email: 'us@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Una',
  lastName: 'States',
  company: 'Sandbox US Inc',
  environments: ['us-k8s'],
} as const satisfies FixtureAccount

/** Hong Kong region only. */
export const HK_ACCOUNT = {
  email: 'hk@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Hong',
  lastName: 'Kong',
  company: 'Sandbox HK Ltd',
  environments: ['hk'],
} as const satisfies FixtureAccount

/** Chinese edition region (`ten`) only. */
export const TEN_ACCOUNT = {
  email: 'ten@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Ten',
  lastName: 'Cent',
  company: 'Sandbox CN Ltd',
  environments: ['ten'],
} as const satisfies FixtureAccount

/** Reserved for lockout tests (5 wrong passwords in 15 minutes lock it for 15 minutes), sg-k8s. */
export const LOCKOUT_ACCOUNT = {
  email: 'lockout@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Lock',
  lastName: 'Out',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
} as const satisfies FixtureAccount

/** Password reset by e-mail link or by text message (its phone is a mainland China mobile), sg-k8s. */
export const RESET_ACCOUNT = {
  email: 'reset@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Reset',
  lastName: 'Me',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  phone: { areaCode: '86', number: '13800138000' },
} as const satisfies FixtureAccount

/** Signs in with Microsoft only (sg-k8s): the password answers 700625. */
export const SSO_MICROSOFT_ACCOUNT = {
  email: 'sso-microsoft@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Micro',
  lastName: 'Soft',
  company: 'Sandbox SSO Ltd',
  environments: ['sg-k8s'],
  sso: { microsoft: true, passwordDisabled: true },
} as const satisfies FixtureAccount

/** Signs in through the sandbox SAML provider (configuration `sandbox-saml`), sg-k8s and us-k8s. */
export const SSO_SAML_ACCOUNT = {
  email: 'sso-saml@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Sam',
  lastName: 'Ell',
  company: 'Sandbox SSO Ltd',
  environments: ['sg-k8s', 'us-k8s'],
  sso: { samlConfigId: SANDBOX_SAML_CONFIG_ID },
} as const satisfies FixtureAccount

/** Signs in only by scanning the WeCom QR code (sg-k8s): the password answers 700625. */
export const SSO_WECOM_ACCOUNT = {
  email: 'sso-wecom@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Wei',
  lastName: 'Com',
  company: 'Sandbox SSO Ltd',
  environments: ['sg-k8s'],
  sso: { wecom: true, passwordDisabled: true },
} as const satisfies FixtureAccount

/** Switched off by its company (sg-k8s): sign-in answers 700023. */
export const UNAVAILABLE_ACCOUNT = {
  email: 'unavailable@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Un',
  lastName: 'Available',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  unavailable: true,
} as const satisfies FixtureAccount

/** Reserved for the sign-in captcha: after 3 wrong passwords a captcha is required (sg-k8s). */
export const CAPTCHA_ACCOUNT = {
  email: 'captcha@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Cap',
  lastName: 'Tcha',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  captchaAfter: 3,
} as const satisfies FixtureAccount

/** Its company requires an e-mailed sign-in code after the password (sg-k8s). */
export const EMAIL_CODE_ACCOUNT = {
  email: 'code@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Code',
  lastName: 'Mail',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  emailCode: true,
} as const satisfies FixtureAccount

/** An agent: only the agent product (09) is activated, so sign-in opens the agent workbench (sg-k8s). */
export const AGENT_ACCOUNT = {
  email: 'agent@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Agent',
  lastName: 'Smith',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  products: ['09'],
} as const satisfies FixtureAccount

/** No product activated yet: sign-in shows the product-not-activated notice (sg-k8s). */
export const NOT_ACTIVATED_ACCOUNT = {
  email: 'inactive@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Not',
  lastName: 'Activated',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  products: [],
} as const satisfies FixtureAccount

/** No permission for the desktop workbench: sign-in leads to /auth/restrict (sg-k8s). */
export const RESTRICTED_ACCOUNT = {
  email: 'restricted@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Re',
  lastName: 'Stricted',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  restricted: true,
} as const satisfies FixtureAccount

/** Its password was set 120 days ago: sign-in shows the password age reminder (sg-k8s). */
export const OLD_PASSWORD_ACCOUNT = {
  email: 'old-password@sandbox.test',
  password: FIXTURE_PASSWORD,
  firstName: 'Old',
  lastName: 'Password',
  company: 'Sandbox Demo Ltd',
  environments: ['sg-k8s'],
  passwordAgeDays: 120,
} as const satisfies FixtureAccount

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
