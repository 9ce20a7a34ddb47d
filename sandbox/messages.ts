import { SUCCESS_CODE } from '../shared/envelope.ts'
import { parseLanguageParam } from '../shared/language.ts'

export type SandboxLanguage = 'en' | 'zh'

interface MessageEntry {
  readonly code: string
  readonly en: string
  readonly zh: string
}

/**
 * The sandbox's own retMsg texts, per upstream code (spec §8). Several entries may share a code
 * (999999 is the catch-all); `{name}` placeholders are filled by `message()`.
 */
export const MESSAGES = {
  success: { code: SUCCESS_CODE, en: 'success', zh: '成功' },
  accountEmpty: { code: '700004', en: 'Please enter your account.', zh: '账号不能为空' },
  passwordEmpty: { code: '700009', en: 'Please enter your password.', zh: '密码不能为空' },
  noSuchAccount: {
    code: '700014',
    en: 'This account does not exist. Re-enter it or sign up.',
    zh: '账号不存在，请重新输入或注册',
  },
  unavailableAccount: {
    code: '700023',
    en: 'This account is unavailable. Contact your agent or sign up.',
    zh: '该账号不可用，请联系客服或注册',
  },
  passwordEmptyConsole: { code: '700076', en: 'Please enter your password.', zh: '密码不能为空' },
  emailEmpty: { code: '700077', en: 'Please enter your email.', zh: '邮箱不能为空' },
  emailInvalid: { code: '700078', en: 'Please enter a valid email address.', zh: '请输入正确的邮箱地址' },
  locked: {
    code: '700123',
    en: 'Too many incorrect passwords. The account is locked; try again in {minutes} minute(s).',
    zh: '密码错误次数过多，账号已被锁定，请 {minutes} 分钟后重试',
  },
  accountFormat: { code: '700201', en: 'Incorrect account format.', zh: '账号格式不正确' },
  wrongPassword: { code: '700211', en: 'Incorrect account or password.', zh: '账号或密码错误' },
  microsoftNotEnabled: {
    code: '700623',
    en: 'Microsoft verification is not enabled for this account.',
    zh: '该账号未开启微软验证',
  },
  microsoftNotLinked: {
    code: '700624',
    en: 'This Microsoft account is not linked to any account.',
    zh: '该微软账号未绑定任何账号',
  },
  passwordLoginDisabled: {
    code: '700625',
    en: 'Password sign-in is disabled for this product. Sign in with Microsoft.',
    zh: '该产品已禁用密码登录，请使用微软登录',
  },
  ssoNotEnabled: { code: '700626', en: 'Single sign-on is not enabled.', zh: '未开启单点登录' },
  ssoNotLinked: {
    code: '700627',
    en: 'This identity provider account is not linked to any account.',
    zh: '该服务提供商账号未绑定任何账号',
  },
  // Password reset and change (sandbox/reset.ts)
  passwordMismatch: {
    code: '700001',
    en: 'The confirmation does not match the new password.',
    zh: '确认密码与新密码不一致',
  },
  passwordFormat: {
    code: '700054',
    en: 'The password must be 8-20 characters with at least three of: upper case, lower case, digits, symbols.',
    zh: '密码需为 8-20 位，至少包含大写字母、小写字母、数字、符号中的三种',
  },
  phoneInvalid: { code: '700073', en: 'Please enter a valid phone number.', zh: '请输入正确的手机号' },
  resetCodeExpired: {
    code: '700125',
    en: 'The code or link has expired. Please request a new one.',
    zh: '验证码或链接已失效，请重新获取',
  },
  resetCodeWrong: { code: '700203', en: 'Please enter valid information.', zh: '请输入有效信息' },
  samePassword: {
    code: '700490',
    en: 'The new password must be different from the old one.',
    zh: '新密码不能与旧密码相同',
  },
  resetLimit: {
    code: '700605',
    en: 'You can reset your password at most 5 times in 24 hours.',
    zh: '24 小时内最多只能重置 5 次密码',
  },
  tooSoon: {
    code: '700631',
    en: 'You cannot request again within one minute.',
    zh: '一分钟内不能重复获取',
  },
  // E-mailed sign-in code and product sign-in notices (sandbox/login.ts, sandbox/login-code.ts)
  loginCodeWrong: {
    code: '700203',
    en: 'The email code is incorrect. Please check it and try again.',
    zh: '邮箱验证码错误，请检查后重试',
  },
  loginCodeExpired: {
    code: '700125',
    en: 'This email code has expired. Please request a new one.',
    zh: '邮箱验证码已过期，请重新获取',
  },
  // Spec §2 shows these screens without their codes: the sandbox's codes (ADR 0055).
  productNotActivated: {
    code: '700702',
    en: 'The product is not activated for this account.',
    zh: '该账号未开通此产品',
  },
  workbenchRestricted: {
    code: '700703',
    en: 'This account has no permission for the workbench.',
    zh: '该账号没有工作台权限',
  },
  // Sign-up (sandbox/sign-up.ts)
  emailExists: {
    code: '700037',
    en: 'This email is already registered. Please sign in.',
    zh: '该邮箱已注册，请直接登录',
  },
  companyInvalid: {
    code: '700070',
    en: 'Enter a company name with letters and numbers only, under 100 characters.',
    zh: '请输入公司名称（字母或数字，不超过 100 个字符）',
  },
  captchaEmpty: { code: '700112', en: 'Please enter the captcha.', zh: '请输入验证码' },
  captchaWrong: { code: '700169', en: 'The captcha is incorrect.', zh: '验证码错误' },
  invalidInformation: { code: '700203', en: 'Please enter valid information.', zh: '请输入有效信息' },
  firstNameEmpty: { code: '700204', en: 'Please enter your first name.', zh: '请输入名' },
  firstNameInvalid: {
    code: '700205',
    en: 'Letters and numbers only, under 100 characters.',
    zh: '仅支持字母和数字，不超过 100 个字符',
  },
  lastNameEmpty: { code: '700206', en: 'Please enter your last name.', zh: '请输入姓' },
  lastNameInvalid: {
    code: '700207',
    en: 'Letters and numbers only, under 100 characters.',
    zh: '仅支持字母和数字，不超过 100 个字符',
  },
  fullNameEmpty: { code: '700208', en: 'Please enter your full name.', zh: '请输入姓名' },
  fullNameInvalid: {
    code: '700209',
    en: 'Enter first and last name separated by a space.',
    zh: '请输入姓和名，中间用空格分隔',
  },
  referralInvalid: {
    code: '700210',
    en: 'Letters and numbers only, under 100 characters.',
    zh: '仅支持字母和数字，不超过 100 个字符',
  },
  jobTitleInvalid: {
    code: '700591',
    en: 'Enter a job title with letters and numbers only, under 100 characters.',
    zh: '请输入职位（字母或数字，不超过 100 个字符）',
  },
  verifyEmailLimit: {
    code: '700604',
    en: 'You can request at most 10 verification emails in 24 hours.',
    zh: '24 小时内最多只能获取 10 封验证邮件',
  },
  // Demo booking and channel authorization (sandbox/demo.ts, sandbox/channels.ts)
  demoCompany: { code: '700070', en: 'Please enter your company.', zh: '请输入公司名称' },
  demoJobTitle: { code: '700591', en: 'Please enter your job title.', zh: '请输入职位' },
  demoName: {
    code: '700204',
    en: 'Please enter your first and last name (under 100 characters).',
    zh: '请输入姓名（100 字以内）',
  },
  salesforceFailure: {
    code: '700619',
    en: 'This Salesforce organization cannot be authorized.',
    zh: '该 Salesforce 组织无法授权',
  },
  shopifyNotAllowed: {
    code: '110408',
    en: 'This Shopify store may not be connected to your account.',
    zh: '该 Shopify 店铺不允许绑定到您的账号',
  },
  tikTokNotAllowed: {
    code: '140005',
    en: 'This TikTok Shop does not allow the connection.',
    zh: '该 TikTok 店铺不允许绑定',
  },
  channelUnavailable: {
    code: '999999',
    en: 'The channel service could not finish the authorization. Please try again later.',
    zh: '渠道服务暂时无法完成授权，请稍后重试',
  },
  tokenInvalid: {
    code: '999999',
    en: 'Your sign-in has expired. Please sign in again.',
    zh: '登录已失效，请重新登录',
  },
  badRequest: { code: '999999', en: 'The request could not be read.', zh: '请求无法解析' },
  notFound: { code: '999999', en: 'No such service.', zh: '服务不存在' },
  internal: { code: '999999', en: 'System abnormity. Please try again.', zh: '系统异常，请重试' },
  forwardInvalid: {
    code: '999999',
    en: 'Forward request rejected: {reason}',
    zh: '转发请求被拒绝：{reason}',
  },
  forwardUnknownEnv: { code: '999999', en: 'Unknown environment: {env}', zh: '未知环境：{env}' },
  forwardFailed: {
    code: '999999',
    en: 'The target environment did not answer: {reason}',
    zh: '目标环境无响应：{reason}',
  },
} as const satisfies Record<string, MessageEntry>

export type MessageId = keyof typeof MESSAGES

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
  const entry: MessageEntry = MESSAGES[id]
  const retMsg = entry[language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
  return { retCode: entry.code, retMsg }
}
