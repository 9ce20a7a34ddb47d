import type { EndpointName } from '../../shared/api/endpoints.ts'
import type { ApiEnvelope } from '../../shared/envelope.ts'

/**
 * One call per endpoint with fixed test identities, for the contract suite. Nothing here is a
 * real person's data: the made-up address and ids below cannot belong to anyone (`.invalid` is
 * reserved, RFC 2606), and the only account ever signed in to is the test account the operator
 * names (`--account`). Calls that change state (the note's `readOnly: false`) run only with
 * `--write`; most of them are still aimed to fail harmlessly (an unknown link, the same password).
 */

/** An address no account can have (reserved top-level domain). */
export const PROBE_EMAIL = 'contract-probe@example.invalid'
/** A link id, ticket or SSO id no upstream issued. */
export const PROBE_ID = 'contract-probe-0000000000'
/** Not a dialable number (all zeros): the reset-code calls never text a person. */
export const PROBE_PHONE = '0000000000'
/** Meets the password rule (spec §5), so a call fails on the account, not on the format. */
export const PROBE_PASSWORD = 'Contract-Probe1'

export interface ProbeContext {
  /** The test account: fixed identities only, never a real user's. */
  account: { email: string; password: string } | undefined
  /** Its token once a sign-in probe succeeded. */
  token: string | undefined
  /** The captcha challenge `initSgGeetestInfo` answered. */
  challenge: Record<string, unknown> | undefined
}

export interface Probe {
  name: EndpointName
  /** Needs the test account's token (bearer, or getToken's temp token). */
  needsToken?: true
  /** Needs the test account (its e-mail and password). */
  needsAccount?: true
  data(context: ProbeContext): Record<string, unknown>
  params?: Record<string, string>
  /** Reads what later probes need (the token, the challenge). */
  after?(answer: ApiEnvelope, context: ProbeContext): void
}

const email = (context: ProbeContext) => context.account?.email ?? PROBE_EMAIL
const keepToken = (answer: ApiEnvelope, context: ProbeContext) => {
  const token = (answer.item as { token?: unknown }).token
  if (answer.retCode === '000000' && typeof token === 'string') context.token = token
}

/** In the order they run: the sign-ins first, so the calls needing a token have one. */
export const PROBES: readonly Probe[] = [
  { name: 'loginConfig', data: () => ({ domain: 'localhost' }) },
  { name: 'loginEmailCheck', data: (context) => ({ email: email(context) }) },
  { name: 'getServiceLoginWrongTimes', data: (context) => ({ email: email(context) }) },
  { name: 'getAllEnvDomain', data: (context) => ({ email: email(context) }) },
  {
    name: 'serviceLoginNew',
    data: (context) => ({ email: email(context), password: context.account?.password ?? PROBE_PASSWORD }),
    after: keepToken,
  },
  {
    name: 'consoleLogin',
    data: (context) => ({ email: email(context), password: context.account?.password ?? PROBE_PASSWORD }),
    after: keepToken,
  },
  { name: 'getToken', needsToken: true, data: () => ({}), after: keepToken },
  { name: 'registerEmailCheck', data: () => ({ email: PROBE_EMAIL }) },
  { name: 'checkVerifyEmailLink', data: () => ({ id: PROBE_ID }) },
  {
    name: 'initSgGeetestInfo',
    data: () => ({}),
    after: (answer, context) => {
      if (answer.retCode === '000000') context.challenge = answer.item
    },
  },
  {
    name: 'checkSgGeetestInfo',
    data: (context) => {
      const { challengeId, a, b } = context.challenge ?? {}
      // The sandbox's arithmetic challenge can be solved; a real provider's cannot, so there the
      // probe sends a wrong answer and the call's failure code is what gets compared.
      const answer = typeof a === 'number' && typeof b === 'number' ? String(a + b) : '0'
      return { challengeId: typeof challengeId === 'string' ? challengeId : PROBE_ID, answer }
    },
  },
  { name: 'checkFindPwd', data: () => ({ account: PROBE_PHONE, code: '000000' }) },
  { name: 'checkResetPwdLink', params: { id: PROBE_ID }, data: () => ({}) },
  { name: 'aadLogin', data: () => ({ code: PROBE_ID, state: PROBE_ID }) },
  { name: 'aadLoginOverseas', data: () => ({ code: PROBE_ID, state: PROBE_ID }) },
  { name: 'ssoAccessAuth', data: () => ({ authId: PROBE_ID }) },
  {
    name: 'samlAuthenticate',
    params: { id: PROBE_ID },
    data: () => ({ state: PROBE_ID, redirectUri: 'http://localhost/auth/sso/saml/return' }),
  },
  { name: 'memberQrCodeLoginUrl', data: () => ({ ticket: PROBE_ID }) },
  { name: 'salesforceAgentEnv', needsToken: true, data: () => ({}) },
  { name: 'tikTokCheckProducts', needsToken: true, data: () => ({ payload: PROBE_ID }) },
  {
    name: 'rednoteAuthUrl',
    needsToken: true,
    data: () => ({ redirectUri: 'http://localhost/auth/channel_auth/return', state: PROBE_ID }),
  },
  // Calls that change state: only with --write and a test account.
  {
    name: 'sendVerifyCode',
    needsAccount: true,
    data: (context) => ({ email: email(context), password: context.account?.password }),
  },
  { name: 'sendEmailRandomCode', needsAccount: true, data: (context) => ({ email: email(context) }) },
  { name: 'sendResetEmail', needsAccount: true, data: (context) => ({ email: email(context) }) },
  { name: 'sendSmsRandomCode', data: () => ({ areaCode: '86', phone: PROBE_PHONE }) },
  {
    name: 'setServiceNewPwd',
    data: () => ({
      account: PROBE_PHONE,
      code: '000000',
      password: PROBE_PASSWORD,
      confirmPassword: PROBE_PASSWORD,
    }),
  },
  {
    name: 'resetServiceNewPwd',
    params: { id: PROBE_ID },
    data: () => ({ password: PROBE_PASSWORD, confirmPassword: PROBE_PASSWORD }),
  },
  {
    // The same password as now: answers 700490 and changes nothing.
    name: 'resetNewPwd',
    needsToken: true,
    data: (context) => ({
      oldPassword: context.account?.password,
      password: context.account?.password,
      confirmPassword: context.account?.password,
    }),
  },
  { name: 'updateAgentLanguage', needsToken: true, data: () => ({ language: 'en' }) },
  { name: 'sendRegisterVerifyEmail', needsAccount: true, data: (context) => ({ email: email(context) }) },
  {
    name: 'registerSgNew',
    needsAccount: true,
    data: (context) => ({ email: email(context), password: PROBE_PASSWORD, captchaPass: PROBE_ID }),
  },
  {
    name: 'registerSgH5',
    needsAccount: true,
    data: (context) => ({
      email: email(context),
      password: PROBE_PASSWORD,
      captchaPass: PROBE_ID,
      fullName: 'Contract Probe',
      company: 'Contract Probe',
      areaCode: '86',
      phone: PROBE_PHONE,
    }),
  },
  ...(['registerSgPartInfo', 'registerPartInfo', 'updateRegisterPartInfo'] as const).map(
    (name): Probe => ({
      name,
      needsAccount: true,
      data: (context) => ({
        email: email(context),
        firstName: 'Contract',
        lastName: 'Probe',
        company: 'Contract Probe',
        jobTitle: 'Tester',
        areaCode: '86',
        phone: PROBE_PHONE,
      }),
    }),
  ),
  { name: 'registerChoseProduct', needsAccount: true, data: (context) => ({ email: email(context) }) },
  { name: 'registerFinishNew', needsAccount: true, data: (context) => ({ email: email(context) }) },
  { name: 'registerFinishH5', needsAccount: true, data: (context) => ({ email: email(context) }) },
  {
    name: 'addSgReservationInfo',
    needsAccount: true,
    data: (context) => ({
      fullName: 'Contract Probe',
      email: email(context),
      company: 'Contract Probe',
      jobTitle: 'Tester',
      areaCode: '86',
      phone: PROBE_PHONE,
      // No solved captcha: the booking is refused (700169), so no lead is created.
      captchaPass: PROBE_ID,
    }),
  },
  {
    name: 'channelAuth',
    needsToken: true,
    params: { product: 'salesforce' },
    data: () => ({ domain: 'contract-probe.example.invalid' }),
  },
  { name: 'insertShopifyChannel', needsToken: true, data: () => ({ payload: PROBE_ID }) },
  { name: 'tikTokAuthSave', needsToken: true, data: () => ({ payload: PROBE_ID }) },
  { name: 'lazadaAuth', needsToken: true, data: () => ({ code: PROBE_ID }) },
]

/** Endpoints the BFF does not call yet (no page or flow uses them): the suite reports them as such. */
export const NOT_CALLED_YET: readonly EndpointName[] = [
  'qccForward',
  'queryAgentMenus',
  'getSecretKey',
  'registerSendSms',
]
