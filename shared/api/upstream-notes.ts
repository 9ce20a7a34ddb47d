import { z } from 'zod'
import { consoleLoginSchema, sendVerifyCodeSchema } from '../schemas/signIn.ts'
import type { EndpointName } from './endpoints.ts'
import { RET_CODES, type RetCodeValue } from './ret-codes.ts'
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

const spec = (meaning: string): RetCode => ({ meaning, source: 'spec' })
const assumed = (meaning: string): RetCode => ({ meaning, source: 'assumed' })

/** What each code of `RET_CODES` (shared/api/ret-codes.ts) means, and whether the spec shows it. */
export const RET_CODE_NOTES = {
  [RET_CODES.success]: spec('success'),
  [RET_CODES.otherFailure]: spec('other failure (spec: meaning not shown); the BFF shows the upstream text'),
  [RET_CODES.confirmationDiffers]: spec('confirmation differs from the new password'),
  [RET_CODES.accountEmpty]: spec('account empty'),
  [RET_CODES.passwordEmpty]: spec('password empty'),
  [RET_CODES.noSuchAccount]: spec('no such account (in this region)'),
  [RET_CODES.accountUnavailable]: spec('account unavailable'),
  [RET_CODES.emailRegistered]: spec('e-mail already registered'),
  [RET_CODES.passwordFormat]: spec('password format'),
  [RET_CODES.companyInvalid]: spec('company invalid'),
  [RET_CODES.phoneInvalid]: spec('phone invalid'),
  [RET_CODES.passwordMissing]: spec('password empty'),
  [RET_CODES.emailEmpty]: spec('e-mail empty'),
  [RET_CODES.emailInvalid]: spec('e-mail invalid'),
  [RET_CODES.captchaEmpty]: spec('captcha empty'),
  [RET_CODES.locked]: spec(
    'locked after too many wrong passwords (item: lockedUntil, retryAfterSeconds — assumed)',
  ),
  [RET_CODES.codeExpired]: spec('code or link expired, used or unknown'),
  [RET_CODES.captchaIncorrect]: spec('captcha incorrect'),
  [RET_CODES.accountFormat]: spec('account format incorrect'),
  [RET_CODES.invalidInput]: spec('enter valid information (also: a wrong or missing e-mailed sign-in code)'),
  [RET_CODES.firstNameEmpty]: spec('first name empty or invalid'),
  [RET_CODES.firstNameInvalid]: spec('first name invalid'),
  [RET_CODES.lastNameEmpty]: spec('last name empty or invalid'),
  [RET_CODES.lastNameInvalid]: spec('last name invalid'),
  [RET_CODES.fullNameEmpty]: spec('full name empty'),
  [RET_CODES.fullNameInvalid]: spec('full name invalid'),
  [RET_CODES.referralCodeInvalid]: spec('referral code invalid'),
  [RET_CODES.wrongAccountOrPassword]: spec('incorrect account or password'),
  [RET_CODES.samePassword]: spec('new password same as the old one'),
  [RET_CODES.jobTitleInvalid]: spec('job title invalid'),
  [RET_CODES.verifyEmailLimit]: spec('at most 10 verification e-mails in 24 hours'),
  [RET_CODES.resetLimit]: spec('at most 5 password resets in 24 hours'),
  [RET_CODES.salesforceFailed]: spec('Salesforce authorization failed (outcome: failure)'),
  [RET_CODES.microsoftNotEnabled]: spec('Microsoft sign-in not enabled for the account'),
  [RET_CODES.microsoftNotLinked]: spec('Microsoft account not linked'),
  [RET_CODES.passwordSignInDisabled]: spec('password sign-in disabled, use Microsoft'),
  [RET_CODES.ssoNotEnabled]: spec('SSO not enabled (no such SSO configuration)'),
  [RET_CODES.ssoNotLinked]: spec('service provider account not linked'),
  [RET_CODES.tooSoon]: spec('cannot request again within one minute'),
  [RET_CODES.productNotActivated]: assumed('product not activated, or not the product asked for (ADR 0055)'),
  [RET_CODES.workbenchRestricted]: assumed('no permission for the desktop workbench (ADR 0055)'),
  [RET_CODES.shopifyNotAllowed]: spec('Shopify: not allowed (outcome: not_allowed)'),
  [RET_CODES.tiktokNotAllowed]: spec('TikTok: not allowed (outcome: not_allowed)'),
} as const satisfies Record<RetCodeValue, RetCode>

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
  RET_CODES.accountEmpty,
  RET_CODES.passwordEmpty,
  RET_CODES.noSuchAccount,
  RET_CODES.accountUnavailable,
  RET_CODES.captchaEmpty,
  RET_CODES.locked,
  RET_CODES.captchaIncorrect,
  RET_CODES.accountFormat,
  RET_CODES.wrongAccountOrPassword,
  RET_CODES.passwordSignInDisabled,
] as const
const EMAIL_CODES = [RET_CODES.emailEmpty, RET_CODES.emailInvalid, RET_CODES.noSuchAccount] as const
const NEW_PASSWORD_CODES = [
  RET_CODES.confirmationDiffers,
  RET_CODES.passwordEmpty,
  RET_CODES.passwordFormat,
  RET_CODES.samePassword,
] as const
/** Codes of a sign-up's first step, from the desktop or the mobile page. */
const SIGN_UP_START_CODES = [
  RET_CODES.emailEmpty,
  RET_CODES.emailInvalid,
  RET_CODES.emailRegistered,
  RET_CODES.passwordFormat,
  RET_CODES.captchaEmpty,
  RET_CODES.captchaIncorrect,
] as const
const SIGN_UP_DETAIL_CODES = [
  RET_CODES.companyInvalid,
  RET_CODES.phoneInvalid,
  RET_CODES.invalidInput,
  RET_CODES.firstNameEmpty,
  RET_CODES.firstNameInvalid,
  RET_CODES.lastNameEmpty,
  RET_CODES.lastNameInvalid,
  RET_CODES.referralCodeInvalid,
  RET_CODES.jobTitleInvalid,
] as const

// Calls that differ only in their summary: the desktop and mobile variants of one step.
const SIGN_UP_DETAILS = {
  auth: 'none',
  retCodes: [...SIGN_UP_DETAIL_CODES],
  answerSource: 'spec',
  requestSource: 'assumed',
  readOnly: false,
} as const
const SIGN_UP_FINISH = {
  auth: 'none',
  retCodes: [RET_CODES.emailRegistered, RET_CODES.invalidInput],
  item: signedIn,
  answerSource: 'assumed',
  requestSource: 'assumed',
  readOnly: false,
} as const
// Checking the id of an e-mailed link (sign-up verification, password reset) answers its address.
const EMAILED_LINK_CHECK = {
  auth: 'none',
  retCodes: [RET_CODES.codeExpired],
  item: z.object({ email: text.min(1) }),
  answerSource: 'assumed',
} as const
const MICROSOFT_SIGN_IN = {
  auth: 'none',
  retCodes: [RET_CODES.noSuchAccount, RET_CODES.microsoftNotEnabled, RET_CODES.microsoftNotLinked],
  item: signedIn,
  answerSource: 'assumed',
  requestSource: 'assumed',
  readOnly: true,
} as const

export const UPSTREAM_NOTES = {
  // Sign-up
  registerEmailCheck: {
    summary: 'Is this e-mail free for a sign-up?',
    auth: 'none',
    retCodes: [RET_CODES.emailEmpty, RET_CODES.emailInvalid, RET_CODES.emailRegistered],
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
    retCodes: [...SIGN_UP_START_CODES],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  sendRegisterVerifyEmail: {
    summary: 'Send the sign-up verification link (valid 10 minutes)',
    auth: 'none',
    // 700203: no sign-up of this address in progress.
    retCodes: [
      RET_CODES.emailEmpty,
      RET_CODES.emailInvalid,
      RET_CODES.invalidInput,
      RET_CODES.verifyEmailLimit,
      RET_CODES.tooSoon,
    ],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  checkVerifyEmailLink: {
    summary: 'Check the verification link id',
    ...EMAILED_LINK_CHECK,
    requestSource: 'assumed',
    readOnly: true,
  },
  registerSgPartInfo: {
    summary: 'Account set-up (names, company, job title, phone)',
    ...SIGN_UP_DETAILS,
  },
  registerPartInfo: {
    summary: 'Account set-up, variant',
    ...SIGN_UP_DETAILS,
  },
  updateRegisterPartInfo: {
    summary: 'Change the account set-up',
    ...SIGN_UP_DETAILS,
  },
  registerChoseProduct: {
    summary: 'The optional questionnaire',
    auth: 'none',
    retCodes: [RET_CODES.invalidInput],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerFinishNew: {
    summary: 'Finish the sign-up: creates the account and signs it in',
    ...SIGN_UP_FINISH,
  },
  registerSgH5: {
    summary: 'Start a sign-up from the mobile page (with full name, company, phone)',
    auth: 'none',
    retCodes: [
      ...SIGN_UP_START_CODES,
      RET_CODES.companyInvalid,
      RET_CODES.phoneInvalid,
      RET_CODES.fullNameEmpty,
      RET_CODES.fullNameInvalid,
      RET_CODES.referralCodeInvalid,
    ],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  registerFinishH5: {
    summary: 'Finish the mobile sign-up: creates the account and signs it in',
    ...SIGN_UP_FINISH,
  },
  registerSendSms: {
    summary: 'Text a sign-up code (no page uses it yet)',
    auth: 'none',
    retCodes: [RET_CODES.phoneInvalid, RET_CODES.tooSoon],
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
    retCodes: [RET_CODES.captchaEmpty, RET_CODES.captchaIncorrect],
    item: z.object({ captchaPass: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  // Demo
  addSgReservationInfo: {
    summary: 'Book a demo',
    auth: 'none',
    retCodes: [
      RET_CODES.emailEmpty,
      RET_CODES.emailInvalid,
      RET_CODES.firstNameEmpty,
      RET_CODES.companyInvalid,
      RET_CODES.jobTitleInvalid,
      RET_CODES.phoneInvalid,
      RET_CODES.captchaEmpty,
      RET_CODES.captchaIncorrect,
    ],
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
    retCodes: [...SIGN_IN_CODES, RET_CODES.invalidInput],
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
    retCodes: [
      ...SIGN_IN_CODES,
      RET_CODES.passwordMissing,
      RET_CODES.codeExpired,
      RET_CODES.invalidInput,
      RET_CODES.productNotActivated,
      RET_CODES.workbenchRestricted,
    ],
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
    retCodes: [RET_CODES.emailEmpty, RET_CODES.emailInvalid, RET_CODES.codeExpired, RET_CODES.tooSoon],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  sendVerifyCode: {
    summary: 'Check the password and e-mail a 6-digit sign-in code (GET, base64 password: spec §7)',
    auth: 'none',
    retCodes: [...SIGN_IN_CODES, RET_CODES.tooSoon],
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
    retCodes: [RET_CODES.emailEmpty, RET_CODES.emailInvalid, RET_CODES.resetLimit, RET_CODES.tooSoon],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  sendSmsRandomCode: {
    summary: 'Text a reset code to a phone',
    auth: 'none',
    retCodes: [RET_CODES.phoneInvalid, RET_CODES.resetLimit, RET_CODES.tooSoon],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  checkFindPwd: {
    summary: 'Check a texted reset code (the flow adds the phone as `account`)',
    auth: 'none',
    retCodes: [
      RET_CODES.accountEmpty,
      RET_CODES.codeExpired,
      RET_CODES.accountFormat,
      RET_CODES.invalidInput,
    ],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: true,
  },
  checkResetPwdLink: {
    summary: 'Check a reset link id (id in the path: spec §7)',
    ...EMAILED_LINK_CHECK,
    requestSource: 'spec',
    readOnly: true,
  },
  setServiceNewPwd: {
    summary: 'Set a new password after a checked code',
    auth: 'none',
    retCodes: [RET_CODES.codeExpired, ...NEW_PASSWORD_CODES],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  resetNewPwd: {
    summary: "Change the signed-in account's password",
    auth: 'bearer',
    retCodes: [...NEW_PASSWORD_CODES, RET_CODES.wrongAccountOrPassword],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  resetServiceNewPwd: {
    summary: 'Set a new password with a reset link id (id in the path: spec §7)',
    auth: 'none',
    retCodes: [RET_CODES.codeExpired, ...NEW_PASSWORD_CODES],
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
    retCodes: [RET_CODES.invalidInput],
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
    ...MICROSOFT_SIGN_IN,
  },
  aadLoginOverseas: {
    summary: 'Redeem a Microsoft code, overseas tenant (signs in)',
    ...MICROSOFT_SIGN_IN,
  },
  ssoAccessAuth: {
    summary: 'Redeem a SAML authId (signs in)',
    auth: 'none',
    retCodes: [RET_CODES.noSuchAccount, RET_CODES.ssoNotLinked],
    item: signedIn,
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  samlAuthenticate: {
    summary: "The SAML identity provider's page for an SSO configuration id",
    auth: 'none',
    retCodes: [RET_CODES.ssoNotEnabled],
    item: z.object({ redirectUrl: text.min(1) }),
    answerSource: 'assumed',
    requestSource: 'assumed',
    readOnly: true,
  },
  memberQrCodeLoginUrl: {
    summary:
      'WeCom scan: open a ticket ({state, matchCode}) or read it ({ticket}); a confirmed scan signs in',
    auth: 'none',
    retCodes: [RET_CODES.ssoNotEnabled, RET_CODES.ssoNotLinked],
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
    retCodes: [RET_CODES.salesforceFailed],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  insertShopifyChannel: {
    summary: 'Connect a Shopify store',
    auth: 'bearer',
    retCodes: [RET_CODES.shopifyNotAllowed],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: false,
  },
  tikTokCheckProducts: {
    summary: 'TikTok: check the shop before saving',
    auth: 'bearer',
    retCodes: [RET_CODES.tiktokNotAllowed],
    answerSource: 'spec',
    requestSource: 'assumed',
    readOnly: true,
  },
  tikTokAuthSave: {
    summary: 'TikTok: save the authorization',
    auth: 'bearer',
    retCodes: [RET_CODES.tiktokNotAllowed],
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
