import { RET_CODES } from '../shared/api/ret-codes.ts'
import { parseLanguageParam } from '../shared/language.ts'

export type SandboxLanguage = 'en' | 'zh'

interface MessageEntry {
  readonly code: string
  readonly en: string
  readonly zh: string
}

/**
 * The sandbox's own retMsg texts (spec §8): the upstream code of each message (by its name in
 * RET_CODES, the contract's one table), then its text per language, laid out like a translation
 * catalogue. Several messages may share a code (999999 is the catch-all); `{name}` placeholders are
 * filled by `message()`.
 */
const CODES = {
  success: RET_CODES.success,
  accountEmpty: RET_CODES.accountEmpty,
  passwordEmpty: RET_CODES.passwordEmpty,
  noSuchAccount: RET_CODES.noSuchAccount,
  unavailableAccount: RET_CODES.accountUnavailable,
  passwordEmptyConsole: RET_CODES.passwordMissing,
  emailEmpty: RET_CODES.emailEmpty,
  emailInvalid: RET_CODES.emailInvalid,
  locked: RET_CODES.locked,
  accountFormat: RET_CODES.accountFormat,
  wrongPassword: RET_CODES.wrongAccountOrPassword,
  microsoftNotEnabled: RET_CODES.microsoftNotEnabled,
  microsoftNotLinked: RET_CODES.microsoftNotLinked,
  passwordLoginDisabled: RET_CODES.passwordSignInDisabled,
  ssoNotEnabled: RET_CODES.ssoNotEnabled,
  ssoNotLinked: RET_CODES.ssoNotLinked,
  // Password reset and change (sandbox/reset.ts)
  passwordMismatch: RET_CODES.confirmationDiffers,
  passwordFormat: RET_CODES.passwordFormat,
  phoneInvalid: RET_CODES.phoneInvalid,
  resetCodeExpired: RET_CODES.codeExpired,
  resetCodeWrong: RET_CODES.invalidInput,
  samePassword: RET_CODES.samePassword,
  resetLimit: RET_CODES.resetLimit,
  tooSoon: RET_CODES.tooSoon,
  // E-mailed sign-in code and product sign-in notices (sandbox/login.ts, sandbox/login-code.ts)
  loginCodeWrong: RET_CODES.invalidInput,
  loginCodeExpired: RET_CODES.codeExpired,
  // Spec §2 shows these screens without their codes: the sandbox's codes (ADR 0055).
  productNotActivated: RET_CODES.productNotActivated,
  workbenchRestricted: RET_CODES.workbenchRestricted,
  // Sign-up (sandbox/sign-up.ts)
  emailExists: RET_CODES.emailRegistered,
  companyInvalid: RET_CODES.companyInvalid,
  captchaEmpty: RET_CODES.captchaEmpty,
  captchaWrong: RET_CODES.captchaIncorrect,
  invalidInformation: RET_CODES.invalidInput,
  firstNameEmpty: RET_CODES.firstNameEmpty,
  firstNameInvalid: RET_CODES.firstNameInvalid,
  lastNameEmpty: RET_CODES.lastNameEmpty,
  lastNameInvalid: RET_CODES.lastNameInvalid,
  fullNameEmpty: RET_CODES.fullNameEmpty,
  fullNameInvalid: RET_CODES.fullNameInvalid,
  referralInvalid: RET_CODES.referralCodeInvalid,
  jobTitleInvalid: RET_CODES.jobTitleInvalid,
  verifyEmailLimit: RET_CODES.verifyEmailLimit,
  // Demo booking and channel authorization (sandbox/demo.ts, sandbox/channels.ts)
  demoCompany: RET_CODES.companyInvalid,
  demoJobTitle: RET_CODES.jobTitleInvalid,
  demoName: RET_CODES.firstNameEmpty,
  salesforceFailure: RET_CODES.salesforceFailed,
  shopifyNotAllowed: RET_CODES.shopifyNotAllowed,
  tikTokNotAllowed: RET_CODES.tiktokNotAllowed,
  channelUnavailable: RET_CODES.otherFailure,
  tokenInvalid: RET_CODES.otherFailure,
  badRequest: RET_CODES.otherFailure,
  notFound: RET_CODES.otherFailure,
  internal: RET_CODES.otherFailure,
  forwardInvalid: RET_CODES.otherFailure,
  forwardUnknownEnv: RET_CODES.otherFailure,
  forwardFailed: RET_CODES.otherFailure,
} as const

export type MessageId = keyof typeof CODES

const EN: Record<MessageId, string> = {
  success: 'success',
  accountEmpty: 'Please enter your account.',
  passwordEmpty: 'Please enter your password.',
  noSuchAccount: 'This account does not exist. Re-enter it or sign up.',
  unavailableAccount: 'This account is unavailable. Contact your agent or sign up.',
  passwordEmptyConsole: 'Please enter your password.',
  emailEmpty: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  locked: 'Too many incorrect passwords. The account is locked; try again in {minutes} minute(s).',
  accountFormat: 'Incorrect account format.',
  wrongPassword: 'Incorrect account or password.',
  microsoftNotEnabled: 'Microsoft verification is not enabled for this account.',
  microsoftNotLinked: 'This Microsoft account is not linked to any account.',
  passwordLoginDisabled: 'Password sign-in is disabled for this product. Sign in with Microsoft.',
  ssoNotEnabled: 'Single sign-on is not enabled.',
  ssoNotLinked: 'This identity provider account is not linked to any account.',
  passwordMismatch: 'The confirmation does not match the new password.',
  passwordFormat:
    'The password must be 8-20 characters with at least three of: upper case, lower case, digits, symbols.',
  phoneInvalid: 'Please enter a valid phone number.',
  resetCodeExpired: 'The code or link has expired. Please request a new one.',
  resetCodeWrong: 'Please enter valid information.',
  samePassword: 'The new password must be different from the old one.',
  resetLimit: 'You can reset your password at most 5 times in 24 hours.',
  tooSoon: 'You cannot request again within one minute.',
  loginCodeWrong: 'The email code is incorrect. Please check it and try again.',
  loginCodeExpired: 'This email code has expired. Please request a new one.',
  productNotActivated: 'The product is not activated for this account.',
  workbenchRestricted: 'This account has no permission for the workbench.',
  emailExists: 'This email is already registered. Please sign in.',
  companyInvalid: 'Enter a company name with letters and numbers only, under 100 characters.',
  captchaEmpty: 'Please enter the captcha.',
  captchaWrong: 'The captcha is incorrect.',
  invalidInformation: 'Please enter valid information.',
  firstNameEmpty: 'Please enter your first name.',
  firstNameInvalid: 'Letters and numbers only, under 100 characters.',
  lastNameEmpty: 'Please enter your last name.',
  lastNameInvalid: 'Letters and numbers only, under 100 characters.',
  fullNameEmpty: 'Please enter your full name.',
  fullNameInvalid: 'Enter first and last name separated by a space.',
  referralInvalid: 'Letters and numbers only, under 100 characters.',
  jobTitleInvalid: 'Enter a job title with letters and numbers only, under 100 characters.',
  verifyEmailLimit: 'You can request at most 10 verification emails in 24 hours.',
  demoCompany: 'Please enter your company.',
  demoJobTitle: 'Please enter your job title.',
  demoName: 'Please enter your first and last name (under 100 characters).',
  salesforceFailure: 'This Salesforce organization cannot be authorized.',
  shopifyNotAllowed: 'This Shopify store may not be connected to your account.',
  tikTokNotAllowed: 'This TikTok Shop does not allow the connection.',
  channelUnavailable: 'The channel service could not finish the authorization. Please try again later.',
  tokenInvalid: 'Your sign-in has expired. Please sign in again.',
  badRequest: 'The request could not be read.',
  notFound: 'No such service.',
  internal: 'System abnormity. Please try again.',
  forwardInvalid: 'Forward request rejected: {reason}',
  forwardUnknownEnv: 'Unknown environment: {env}',
  forwardFailed: 'The target environment did not answer: {reason}',
}

const ZH: Record<MessageId, string> = {
  success: '成功',
  accountEmpty: '账号不能为空',
  passwordEmpty: '密码不能为空',
  noSuchAccount: '账号不存在，请重新输入或注册',
  unavailableAccount: '该账号不可用，请联系客服或注册',
  passwordEmptyConsole: '密码不能为空',
  emailEmpty: '邮箱不能为空',
  emailInvalid: '请输入正确的邮箱地址',
  locked: '密码错误次数过多，账号已被锁定，请 {minutes} 分钟后重试',
  accountFormat: '账号格式不正确',
  wrongPassword: '账号或密码错误',
  microsoftNotEnabled: '该账号未开启微软验证',
  microsoftNotLinked: '该微软账号未绑定任何账号',
  passwordLoginDisabled: '该产品已禁用密码登录，请使用微软登录',
  ssoNotEnabled: '未开启单点登录',
  ssoNotLinked: '该服务提供商账号未绑定任何账号',
  passwordMismatch: '确认密码与新密码不一致',
  passwordFormat: '密码需为 8-20 位，至少包含大写字母、小写字母、数字、符号中的三种',
  phoneInvalid: '请输入正确的手机号',
  resetCodeExpired: '验证码或链接已失效，请重新获取',
  resetCodeWrong: '请输入有效信息',
  samePassword: '新密码不能与旧密码相同',
  resetLimit: '24 小时内最多只能重置 5 次密码',
  tooSoon: '一分钟内不能重复获取',
  loginCodeWrong: '邮箱验证码错误，请检查后重试',
  loginCodeExpired: '邮箱验证码已过期，请重新获取',
  productNotActivated: '该账号未开通此产品',
  workbenchRestricted: '该账号没有工作台权限',
  emailExists: '该邮箱已注册，请直接登录',
  companyInvalid: '请输入公司名称（字母或数字，不超过 100 个字符）',
  captchaEmpty: '请输入验证码',
  captchaWrong: '验证码错误',
  invalidInformation: '请输入有效信息',
  firstNameEmpty: '请输入名',
  firstNameInvalid: '仅支持字母和数字，不超过 100 个字符',
  lastNameEmpty: '请输入姓',
  lastNameInvalid: '仅支持字母和数字，不超过 100 个字符',
  fullNameEmpty: '请输入姓名',
  fullNameInvalid: '请输入姓和名，中间用空格分隔',
  referralInvalid: '仅支持字母和数字，不超过 100 个字符',
  jobTitleInvalid: '请输入职位（字母或数字，不超过 100 个字符）',
  verifyEmailLimit: '24 小时内最多只能获取 10 封验证邮件',
  demoCompany: '请输入公司名称',
  demoJobTitle: '请输入职位',
  demoName: '请输入姓名（100 字以内）',
  salesforceFailure: '该 Salesforce 组织无法授权',
  shopifyNotAllowed: '该 Shopify 店铺不允许绑定到您的账号',
  tikTokNotAllowed: '该 TikTok 店铺不允许绑定',
  channelUnavailable: '渠道服务暂时无法完成授权，请稍后重试',
  tokenInvalid: '登录已失效，请重新登录',
  badRequest: '请求无法解析',
  notFound: '服务不存在',
  internal: '系统异常，请重试',
  forwardInvalid: '转发请求被拒绝：{reason}',
  forwardUnknownEnv: '未知环境：{env}',
  forwardFailed: '目标环境无响应：{reason}',
}

const TEXTS: Record<SandboxLanguage, Record<MessageId, string>> = { en: EN, zh: ZH }

/** Each message with its code and both texts, for tests that look a code's text up. */
export const MESSAGES = Object.fromEntries(
  Object.entries(CODES).map(([id, code]) => [id, { code, en: EN[id as MessageId], zh: ZH[id as MessageId] }]),
) as Record<MessageId, MessageEntry>

/** The `language` request header: zh (or zh_CN) → Chinese, anything else → English. */
export function languageOf(header: string | string[] | undefined): SandboxLanguage {
  const value = Array.isArray(header) ? header[0] : header
  return parseLanguageParam(value) ?? 'en'
}

export function message(
  id: MessageId,
  language: SandboxLanguage,
  params: Record<string, string | number> = {},
): { retCode: string; retMsg: string } {
  const retMsg = TEXTS[language][id].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
  return { retCode: CODES[id], retMsg }
}
