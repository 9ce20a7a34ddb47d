import { z } from 'zod'
import { consoleLoginSchema, sendVerifyCodeSchema } from '../schemas/signIn.ts'
import type { EndpointName } from './endpoints.ts'
import type { RequestSchema } from './schemas.ts'

/**
 * What the endpoint table and the zod request schemas cannot say about the upstream (issue 22):
 * the retCodes the BFF handles per call and their meaning, the answer fields it reads, how the
 * call authenticates, and the upstream's own request where it differs from the browser's. Hand
 * kept; scripts/upstream/openapi.ts joins it with the table into docs/upstream/openapi.yaml.
 * Server and scripts only: no page imports it.
 *
 * Every item is marked `spec` (spec §3, §4, §7 or §8 shows it) or `assumed` (chosen here because
 * the spec does not show it; the sandbox answers it; a real upstream may differ):
 * docs/upstream/README.md says what each assumption means for the integrating team.
 */
export type Source = 'spec' | 'assumed'

export interface RetCode {
  readonly meaning: string
  readonly source: Source
}

/** Spec §8 (and §4's channel outcomes) plus the codes chosen here (ADR 0055). */
export const RET_CODES = {
  '000000': { meaning: 'success', source: 'spec' },
  '999999': {
    meaning: 'other failure (spec: meaning not shown); the BFF shows the upstream text',
    source: 'spec',
  },
  '700001': { meaning: 'confirmation differs from the new password', source: 'spec' },
  '700004': { meaning: 'account empty', source: 'spec' },
  '700009': { meaning: 'password empty', source: 'spec' },
  '700014': { meaning: 'no such account (in this region)', source: 'spec' },
  '700023': { meaning: 'account unavailable', source: 'spec' },
  '700037': { meaning: 'e-mail already registered', source: 'spec' },
  '700054': { meaning: 'password format', source: 'spec' },
  '700070': { meaning: 'company invalid', source: 'spec' },
  '700073': { meaning: 'phone invalid', source: 'spec' },
  '700076': { meaning: 'password empty', source: 'spec' },
  '700077': { meaning: 'e-mail empty', source: 'spec' },
  '700078': { meaning: 'e-mail invalid', source: 'spec' },
  '700112': { meaning: 'captcha empty', source: 'spec' },
  '700123': {
    meaning: 'locked after too many wrong passwords (item: lockedUntil, retryAfterSeconds — assumed)',
    source: 'spec',
  },
  '700125': { meaning: 'code or link expired, used or unknown', source: 'spec' },
  '700169': { meaning: 'captcha incorrect', source: 'spec' },
  '700201': { meaning: 'account format incorrect', source: 'spec' },
  '700203': {
    meaning: 'enter valid information (also: a wrong or missing e-mailed sign-in code)',
    source: 'spec',
  },
  '700204': { meaning: 'first name empty or invalid', source: 'spec' },
  '700205': { meaning: 'first name invalid', source: 'spec' },
  '700206': { meaning: 'last name empty or invalid', source: 'spec' },
  '700207': { meaning: 'last name invalid', source: 'spec' },
  '700208': { meaning: 'full name empty', source: 'spec' },
  '700209': { meaning: 'full name invalid', source: 'spec' },
  '700210': { meaning: 'referral code invalid', source: 'spec' },
  '700211': { meaning: 'incorrect account or password', source: 'spec' },
  '700490': { meaning: 'new password same as the old one', source: 'spec' },
  '700591': { meaning: 'job title invalid', source: 'spec' },
  '700604': { meaning: 'at most 10 verification e-mails in 24 hours', source: 'spec' },
  '700605': { meaning: 'at most 5 password resets in 24 hours', source: 'spec' },
  '700619': { meaning: 'Salesforce authorization failed (outcome: failure)', source: 'spec' },
  '700623': { meaning: 'Microsoft sign-in not enabled for the account', source: 'spec' },
  '700624': { meaning: 'Microsoft account not linked', source: 'spec' },
  '700625': { meaning: 'password sign-in disabled, use Microsoft', source: 'spec' },
  '700626': { meaning: 'SSO not enabled (no such SSO configuration)', source: 'spec' },
  '700627': { meaning: 'service provider account not linked', source: 'spec' },
  '700631': { meaning: 'cannot request again within one minute', source: 'spec' },
  '700702': { meaning: 'product not activated, or not the product asked for (ADR 0055)', source: 'assumed' },
  '700703': { meaning: 'no permission for the desktop workbench (ADR 0055)', source: 'assumed' },
  '110408': { meaning: 'Shopify: not allowed (outcome: not_allowed)', source: 'spec' },
  '140005': { meaning: 'TikTok: not allowed (outcome: not_allowed)', source: 'spec' },
} as const satisfies Record<string, RetCode>

export type RetCodeValue = keyof typeof RET_CODES

/** How a call authenticates besides the language header every call carries. */
export type UpstreamAuth =
  /** `Authorization: Bearer <the session's upstream token>`; refused (999999) without a valid one. */
  | 'bearer'
  /** `Authorization: Bearer <a pending sign-in's temporary token>` (spec §7 getToken). */
  | 'tempToken'
  /** No token: the call works for visitors (the BFF still sends one when the session has it). */
  | 'none'

export interface UpstreamNote {
  readonly summary: string
  readonly auth: UpstreamAuth
  /** retCodes the BFF handles for this call besides 000000 and 999999 (which every call may answer). */
  readonly retCodes: readonly RetCodeValue[]
  /** The success `item` fields the BFF reads (extra fields are allowed). */
  readonly item?: RequestSchema
  /** One entry of the success `items` list, when the BFF reads the list. */
  readonly items?: RequestSchema
  /** Where the answer fields come from. */
  readonly answerSource: Source
  /** Where the request fields come from (the spec shows few payloads, §7). */
  readonly requestSource: Source
  /** The request the upstream receives, when it differs from the request schema the BFF checks. */
  readonly upstreamRequest?: RequestSchema
  /**
   * Safe to call against a real environment with fixed test identities: it reads, or fails on
   * purpose (an unknown address, a wrong password) without changing anything a person owns.
   */
  readonly readOnly: boolean
}

const text = z.string()
const token = z.object({ token: text.min(1) })
const signedIn = z.object({ token: text.min(1), email: text.min(1) })

/** Codes every sign-in answer may carry before the password is judged. */
const SIGN_IN_CODES = [
  '700004',
  '700009',
  '700014',
  '700023',
  '700112',
  '700123',
  '700169',
  '700201',
  '700211',
  '700625',
] as const
const EMAIL_CODES = ['700077', '700078', '700014'] as const
const NEW_PASSWORD_CODES = ['700001', '700009', '700054', '700490'] as const
const SIGN_UP_DETAIL_CODES = [
  '700070',
  '700073',
  '700203',
  '700204',
  '700205',
  '700206',
  '700207',
  '700210',
  '700591',
] as const

export const UPSTREAM_NOTES = {
  // Sign-up
  registerEmailCheck: {
    summary: 'Is this e-mail free for a sign-up?',
    auth: 'none',
    retCodes: ['700077', '700078', '700037'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: true,
  },
  // A real upstream must (issue 46): let a pending registration be restarted only as a whole — a
  // restart replaces its password and invalidates every verification link sent before it. The BFF
  // forwards a restart only from the session that started the registration (security.md #24).
  registerSgNew: {
    summary: 'Start a sign-up (e-mail, password, solved captcha)',
    auth: 'none',
    retCodes: ['700077', '700078', '700037', '700054', '700112', '700169'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  sendRegisterVerifyEmail: {
    summary: 'Send the sign-up verification link (valid 10 minutes)',
    auth: 'none',
    // 700203: no sign-up of this address in progress.
    retCodes: ['700077', '700078', '700203', '700604', '700631'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  checkVerifyEmailLink: {
    summary: 'Check the verification link id',
    auth: 'none',
    retCodes: ['700125'],
    item: z.object({ email: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  registerSgPartInfo: {
    summary: 'Account set-up (names, company, job title, phone)',
    auth: 'none',
    retCodes: [...SIGN_UP_DETAIL_CODES],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerPartInfo: {
    summary: 'Account set-up, variant',
    auth: 'none',
    retCodes: [...SIGN_UP_DETAIL_CODES],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  updateRegisterPartInfo: {
    summary: 'Change the account set-up',
    auth: 'none',
    retCodes: [...SIGN_UP_DETAIL_CODES],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerChoseProduct: {
    summary: 'The optional questionnaire',
    auth: 'none',
    retCodes: ['700203'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerFinishNew: {
    summary: 'Finish the sign-up: creates the account and signs it in',
    auth: 'none',
    retCodes: ['700037', '700203'],
    item: signedIn,
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerSgH5: {
    summary: 'Start a sign-up from the mobile page (with full name, company, phone)',
    auth: 'none',
    retCodes: [
      '700077',
      '700078',
      '700037',
      '700054',
      '700112',
      '700169',
      '700070',
      '700073',
      '700208',
      '700209',
      '700210',
    ],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerFinishH5: {
    summary: 'Finish the mobile sign-up: creates the account and signs it in',
    auth: 'none',
    retCodes: ['700037', '700203'],
    item: signedIn,
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerSendSms: {
    summary: 'Text a sign-up code (no page uses it yet)',
    auth: 'none',
    retCodes: ['700073', '700631'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  // Captcha
  initSgGeetestInfo: {
    summary: 'A captcha challenge',
    auth: 'none',
    retCodes: [],
    item: z.object({ challengeId: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'spec',
    readOnly: true,
  },
  checkSgGeetestInfo: {
    summary: 'Check a solved captcha; answers a single-use pass',
    auth: 'none',
    retCodes: ['700112', '700169'],
    item: z.object({ captchaPass: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  // Demo
  addSgReservationInfo: {
    summary: 'Book a demo',
    auth: 'none',
    retCodes: ['700077', '700078', '700204', '700070', '700591', '700073', '700112', '700169'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  // Sign-in
  loginEmailCheck: {
    summary: 'Does an account with this e-mail exist, and does it need an e-mailed code?',
    auth: 'none',
    retCodes: [...EMAIL_CODES],
    item: z.object({ emailCodeRequired: z.boolean().optional() }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  getServiceLoginWrongTimes: {
    summary: 'Wrong passwords in the current window, and whether the sign-in needs a captcha',
    auth: 'none',
    retCodes: [...EMAIL_CODES],
    item: z.object({ wrongTimes: z.number().int().min(0), captchaRequired: z.boolean().optional() }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  serviceLoginNew: {
    summary: 'Password sign-in',
    auth: 'none',
    retCodes: [...SIGN_IN_CODES, '700203'],
    item: signedIn,
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  consoleLogin: {
    summary:
      'Sign in to a product console (the sign-in the pages use; may carry the e-mailed code), or, without e-mail and password, hand the bearer token of a fresh SSO sign-in over to its console',
    auth: 'none',
    // Two shapes: the password sign-in, or the SSO hand-over (server/routes/sso-kit.server.ts):
    // the token as bearer and at most the product and app type (found by the suite-wide check).
    upstreamRequest: z.union([
      consoleLoginSchema,
      z.strictObject({
        productCode: consoleLoginSchema.shape.productCode,
        appType: consoleLoginSchema.shape.appType,
      }),
    ]),
    retCodes: [...SIGN_IN_CODES, '700076', '700125', '700203', '700702', '700703'],
    item: z.object({
      token: text.min(1),
      email: text.min(1),
      consoleUrl: text.min(1),
      passwordChangeDue: z.boolean().optional(),
    }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  sendEmailRandomCode: {
    summary: 'Resend the e-mailed sign-in code',
    auth: 'none',
    retCodes: ['700077', '700078', '700125', '700631'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  sendVerifyCode: {
    summary: 'Check the password and e-mail a 6-digit sign-in code (GET, base64 password: spec §7)',
    auth: 'none',
    retCodes: [...SIGN_IN_CODES, '700631'],
    answerSource: 'spec',
    requestSource: 'spec',
    upstreamRequest: sendVerifyCodeSchema,
    // It e-mails a code to the account: only with --write and a test account.
    readOnly: false,
  },
  getAllEnvDomain: {
    summary: 'The environments an account lives in (host, env: spec §3)',
    auth: 'none',
    retCodes: [...EMAIL_CODES],
    items: z.object({ host: text.min(1), env: text.min(1) }),
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: true,
  },
  loginConfig: {
    summary: "The sign-in app's configuration for a host (item.language: spec §3)",
    auth: 'none',
    retCodes: [],
    item: z.object({ language: text }),
    answerSource: 'spec',
    requestSource: 'spec',
    readOnly: true,
  },
  // Password reset and change
  sendResetEmail: {
    summary: 'E-mail a reset link (valid 10 minutes)',
    auth: 'none',
    retCodes: ['700077', '700078', '700605', '700631'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  sendSmsRandomCode: {
    summary: 'Text a reset code to a phone',
    auth: 'none',
    retCodes: ['700073', '700605', '700631'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  checkFindPwd: {
    summary: 'Check a texted reset code (the flow adds the phone as `account`)',
    auth: 'none',
    retCodes: ['700004', '700125', '700201', '700203'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: true,
  },
  checkResetPwdLink: {
    summary: 'Check a reset link id (id in the path: spec §7)',
    auth: 'none',
    retCodes: ['700125'],
    item: z.object({ email: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'spec',
    readOnly: true,
  },
  setServiceNewPwd: {
    summary: 'Set a new password after a checked code',
    auth: 'none',
    retCodes: ['700125', ...NEW_PASSWORD_CODES],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  resetNewPwd: {
    summary: "Change the signed-in account's password",
    auth: 'bearer',
    retCodes: [...NEW_PASSWORD_CODES, '700211'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  resetServiceNewPwd: {
    summary: 'Set a new password with a reset link id (id in the path: spec §7)',
    auth: 'none',
    retCodes: ['700125', ...NEW_PASSWORD_CODES],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  // Session and agent
  getToken: {
    summary: 'Exchange a token for a fresh one of this environment (spec §7: bearer temp token)',
    auth: 'tempToken',
    retCodes: [],
    item: token,
    answerSource: 'assumed',
    requestSource: 'spec',
    readOnly: true,
  },
  updateAgentLanguage: {
    summary: "Set the signed-in agent's language (JSON, en or zh: spec §7)",
    auth: 'bearer',
    retCodes: ['700203'],
    answerSource: 'spec',
    requestSource: 'spec',
    readOnly: false,
  },
  queryAgentMenus: {
    summary: "The signed-in agent's menus (no page uses it yet)",
    auth: 'bearer',
    retCodes: [],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: true,
  },
  // Enterprise SSO
  aadLogin: {
    summary: 'Redeem a Microsoft code (signs in)',
    auth: 'none',
    retCodes: ['700014', '700623', '700624'],
    item: signedIn,
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  aadLoginOverseas: {
    summary: 'Redeem a Microsoft code, overseas tenant (signs in)',
    auth: 'none',
    retCodes: ['700014', '700623', '700624'],
    item: signedIn,
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  ssoAccessAuth: {
    summary: 'Redeem a SAML authId (signs in)',
    auth: 'none',
    retCodes: ['700014', '700627'],
    item: signedIn,
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  samlAuthenticate: {
    summary: "The SAML identity provider's page for an SSO configuration id",
    auth: 'none',
    retCodes: ['700626'],
    item: z.object({ redirectUrl: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  memberQrCodeLoginUrl: {
    summary:
      'WeCom scan: open a ticket ({state, matchCode}) or read it ({ticket}); a confirmed scan signs in',
    auth: 'none',
    retCodes: ['700626', '700627'],
    item: z.object({ expiresIn: z.number() }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  getSecretKey: {
    summary: 'No page uses it yet (spec §7 names it only)',
    auth: 'none',
    retCodes: [],
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  qccForward: {
    summary: 'Company look-up (no page uses it yet)',
    auth: 'none',
    retCodes: [],
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  // Channels
  salesforceAgentEnv: {
    summary: "The signed-in agent's environment for the Salesforce consent",
    auth: 'bearer',
    retCodes: [],
    item: z.object({ env: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  channelAuth: {
    summary: 'Authorize a channel product (`{product}Auth`, JSON: spec §7); products are enumerated',
    auth: 'bearer',
    retCodes: ['700619'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  insertShopifyChannel: {
    summary: 'Connect a Shopify store',
    auth: 'bearer',
    retCodes: ['110408'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  tikTokCheckProducts: {
    summary: 'TikTok: check the shop before saving',
    auth: 'bearer',
    retCodes: ['140005'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: true,
  },
  tikTokAuthSave: {
    summary: 'TikTok: save the authorization',
    auth: 'bearer',
    retCodes: ['140005'],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  lazadaAuth: {
    summary: 'Lazada: save the authorization',
    auth: 'bearer',
    retCodes: [],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  rednoteAuthUrl: {
    summary: "Rednote: the provider's consent URL",
    auth: 'bearer',
    retCodes: [],
    item: z.object({ url: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  channelForward: {
    summary: 'Forward mode (spec §7): one POST carries the call; the answer wraps the inner answer',
    auth: 'none',
    retCodes: [],
    item: z.object({ status: z.number().int(), body: text }),
    answerSource: 'assumed',
    requestSource: 'spec',
    readOnly: true,
  },
} as const satisfies Record<EndpointName, UpstreamNote>

/** Products `channelAuth`'s `{product}` may name (issue 17: enumerated, not a wildcard). */
export const CHANNEL_AUTH_PRODUCTS = ['salesforce'] as const
