import type { z } from 'zod'
import { agentLanguageSchema, forwardSchema, loginConfigSchema } from '../schemas/channel.ts'
import { demoSchema } from '../schemas/demo.ts'
import { loose, object } from '../schemas/fields.ts'
import {
  changePasswordSchema,
  checkResetCodeSchema,
  linkNewPasswordSchema,
  resetByEmailSchema,
  resetBySmsSchema,
  setNewPasswordSchema,
} from '../schemas/reset.ts'
import {
  aadLoginSchema,
  consoleLoginSchema,
  emailOnlySchema,
  sendVerifyCodeRequestSchema,
  signInSchema,
} from '../schemas/signIn.ts'
import {
  accountSetupSchema,
  captchaCheckSchema,
  questionnaireSchema,
  signUpEmailSchema,
  signUpH5Schema,
  signUpSmsSchema,
  signUpStartSchema,
  verifyLinkSchema,
} from '../schemas/signUp.ts'
import { toBase64Utf8 } from './base64.ts'
import { type CompiledPath, compilePath, matchPath, pathPlaceholders } from './path.ts'

/**
 * Per-IP rate-limit bucket of the BFF that protects an endpoint: sign-in attempts, sign-up and
 * other lead-creating submissions, password reset checks and changes, and anything that sends an
 * e-mail or a text (codes, links).
 */
export type RateLimitBucket = 'signIn' | 'signUp' | 'reset' | 'code'
// signIn also covers account look-ups by e-mail and the returns of identity and channel providers.

export interface Endpoint {
  /** Relative to the API base, no leading slash; placeholders `{name}` or `:name` as in the spec. */
  readonly path: string
  /** How the browser calls the BFF. */
  readonly method: 'GET' | 'POST'
  /** How the BFF calls the upstream, when the upstream contract differs (default: `method`). */
  readonly upstreamMethod: 'GET' | 'POST'
  /** The validated browser data as the upstream contract wants it (the BFF applies it). */
  readonly toUpstream?: (data: Record<string, unknown>) => Record<string, unknown>
  /** Body as `application/json`; otherwise POST bodies are form-encoded. */
  readonly json: boolean
  /** The request data once path parameters are taken out: the body, or the query for GET. */
  readonly schema: z.ZodType<Record<string, unknown>>
  readonly limit: RateLimitBucket | undefined
  /** Why an endpoint has no bucket; every endpoint has either a `limit` or this (tested). */
  readonly exempt?: string
  /** Server-to-server only: the BFF must not route it from the browser. */
  readonly internal?: true
}

interface EndpointSpec {
  path: string
  method?: 'GET' | 'POST'
  upstreamMethod?: 'GET' | 'POST'
  toUpstream?: (data: Record<string, unknown>) => Record<string, unknown>
  json?: boolean
  schema?: z.ZodType<Record<string, unknown>>
  limit?: RateLimitBucket
  exempt?: string
  internal?: true
}

/** Method POST, form body and the bounded permissive schema unless the spec says otherwise. */
function define<const T extends Record<string, EndpointSpec>>(
  table: T,
): { readonly [K in keyof T]: Endpoint } {
  const out: Record<string, Endpoint> = {}
  for (const [name, spec] of Object.entries(table)) {
    out[name] = Object.freeze({
      path: spec.path,
      method: spec.method ?? 'POST',
      upstreamMethod: spec.upstreamMethod ?? spec.method ?? 'POST',
      ...(spec.toUpstream ? { toUpstream: spec.toUpstream } : {}),
      json: spec.json ?? false,
      schema: spec.schema ?? loose,
      limit: spec.limit,
      ...(spec.exempt ? { exempt: spec.exempt } : {}),
      ...(spec.internal ? { internal: true as const } : {}),
    })
  }
  return Object.freeze(out) as { readonly [K in keyof T]: Endpoint }
}

const LOGIN = 'basic-login'

/** Every call of spec §7. Names are stable: pages, the BFF and its tests refer to them. */
export const ENDPOINTS = define({
  // Sign-up
  registerEmailCheck: { path: `${LOGIN}/registerEmailCheck/4`, schema: signUpEmailSchema, limit: 'signUp' },
  initSgGeetestInfo: { path: `${LOGIN}/initSgGeetestInfo/4`, schema: object({}), limit: 'signUp' },
  checkSgGeetestInfo: { path: `${LOGIN}/checkSgGeetestInfo/4`, schema: captchaCheckSchema, limit: 'signUp' },
  registerSgNew: { path: `${LOGIN}/registerSgNew/4`, schema: signUpStartSchema, limit: 'signUp' },
  sendRegisterVerifyEmail: {
    path: `${LOGIN}/sendRegisterVerifyEmail/4`,
    schema: signUpEmailSchema,
    limit: 'code',
  },
  checkVerifyEmailLink: {
    path: `${LOGIN}/checkVerifyEmailLink/4`,
    schema: verifyLinkSchema,
    limit: 'signUp',
  },
  registerSgPartInfo: { path: `${LOGIN}/registerSgPartInfo/4`, schema: accountSetupSchema, limit: 'signUp' },
  registerPartInfo: { path: `${LOGIN}/registerPartInfo/4`, schema: accountSetupSchema, limit: 'signUp' },
  updateRegisterPartInfo: {
    path: `${LOGIN}/updateRegisterPartInfo/4`,
    schema: accountSetupSchema,
    limit: 'signUp',
  },
  registerChoseProduct: {
    path: `${LOGIN}/registerChoseProduct/4`,
    schema: questionnaireSchema,
    limit: 'signUp',
  },
  registerFinishNew: { path: `${LOGIN}/registerFinishNew/4`, schema: signUpEmailSchema, limit: 'signUp' },
  registerSendSms: { path: `${LOGIN}/registerSendSms/4`, schema: signUpSmsSchema, limit: 'code' },
  registerSgH5: { path: `${LOGIN}/registerSgH5/4`, schema: signUpH5Schema, limit: 'signUp' },
  registerFinishH5: { path: `${LOGIN}/registerFinishH5/4`, schema: signUpEmailSchema, limit: 'signUp' },
  addSgReservationInfo: { path: `${LOGIN}/addSgReservationInfo/4`, schema: demoSchema, limit: 'signUp' },

  // Sign-in
  loginEmailCheck: { path: `${LOGIN}/loginEmailCheck/4`, schema: emailOnlySchema, limit: 'signIn' },
  getServiceLoginWrongTimes: {
    path: `${LOGIN}/getServiceLoginWrongTimes/4`,
    schema: emailOnlySchema,
    limit: 'signIn',
  },
  serviceLoginNew: { path: `${LOGIN}/serviceLoginNew/4`, schema: signInSchema, limit: 'signIn' },
  consoleLogin: { path: `${LOGIN}/account/consoleLogin`, schema: consoleLoginSchema, limit: 'signIn' },
  sendEmailRandomCode: { path: `${LOGIN}/sendEmailRandomCode/4`, schema: emailOnlySchema, limit: 'code' },
  // The upstream contract is a GET with the base64 password in the query (spec §7). A password
  // must never stand in a browser URL, history or access log: the browser POSTs the plain
  // password to the BFF, which encodes it and makes the GET (its logs mask the query).
  sendVerifyCode: {
    path: `${LOGIN}/account/sendVerifyCode`,
    method: 'POST',
    upstreamMethod: 'GET',
    schema: sendVerifyCodeRequestSchema,
    toUpstream: (data) => ({ ...data, password: toBase64Utf8(String(data.password ?? '')) }),
    limit: 'code',
  },
  memberQrCodeLoginUrl: { path: `${LOGIN}/account/memberQrCodeLoginUrl`, limit: 'signIn' },
  aadLogin: { path: `${LOGIN}/sso/aadLogin`, schema: aadLoginSchema, limit: 'signIn' },
  aadLoginOverseas: { path: `${LOGIN}/sso/aadLoginOverseas`, schema: aadLoginSchema, limit: 'signIn' },
  // Takes an e-mail and tells where the account lives: an account look-up, limited like sign-in.
  getAllEnvDomain: { path: `${LOGIN}/getAllEnvDomain`, schema: emailOnlySchema, limit: 'signIn' },
  loginConfig: {
    path: `${LOGIN}/config/loginConfig`,
    json: true,
    schema: loginConfigSchema,
    exempt: 'configuration of the sign-in app for a host: the same for every visitor, reveals no account',
  },
  getSecretKey: { path: `${LOGIN}/account/getSecretKey`, limit: 'signIn' },

  // Password reset and change
  sendResetEmail: { path: `${LOGIN}/account/sendResetEmail`, schema: resetByEmailSchema, limit: 'code' },
  sendSmsRandomCode: { path: `${LOGIN}/sendSmsRandomCode/4`, schema: resetBySmsSchema, limit: 'code' },
  checkFindPwd: { path: `${LOGIN}/account/checkFindPwd`, schema: checkResetCodeSchema, limit: 'reset' },
  checkResetPwdLink: { path: `${LOGIN}/account/checkResetPwdLink/{id}`, limit: 'reset' },
  setServiceNewPwd: { path: `${LOGIN}/setServiceNewPwd/4`, schema: setNewPasswordSchema, limit: 'reset' },
  resetNewPwd: { path: `${LOGIN}/account/resetNewPwd`, schema: changePasswordSchema, limit: 'reset' },
  resetServiceNewPwd: {
    path: `${LOGIN}/account/resetServiceNewPwd/{id}`,
    schema: linkNewPasswordSchema,
    limit: 'reset',
  },

  // Session, agent and console
  getToken: {
    path: 'tokens/getToken',
    exempt: 'signed-in sessions only (a session endpoint): exchanges the sealed token, takes no input',
  },
  updateAgentLanguage: {
    path: 'basic-public/agent/updateAgentLanguage',
    json: true,
    schema: agentLanguageSchema,
    exempt: "signed-in sessions only: changes the signed-in agent's own language",
  },
  qccForward: { path: 'basic-public/qccForward', limit: 'signUp' },
  queryAgentMenus: {
    path: 'basic-config-service/consoleAuth/queryAgentMenus',
    exempt: "signed-in sessions only: reads the signed-in agent's own menus",
  },

  // Enterprise single sign-on
  ssoAccessAuth: { path: 'basic-sso/access/auth', limit: 'signIn' },
  samlAuthenticate: { path: 'basic-sso/saml2/authenticate/{id}', limit: 'signIn' },

  // Channel authorization and external commerce accounts
  salesforceAgentEnv: { path: 'basic-channel-service/salesforce/getAgentEnv', json: true, limit: 'signIn' },
  channelAuth: { path: 'basic-channel-service/{product}Auth', json: true, limit: 'signIn' },
  channelForward: {
    path: 'basic-channel-service/forward',
    schema: forwardSchema,
    internal: true,
    exempt: 'internal: the BFF never routes it from a browser',
  },
  insertShopifyChannel: { path: 'chat-third/shopify/insertShopifyChannel', limit: 'signIn' },
  tikTokCheckProducts: { path: 'chat-tiktok/tikTokAuth/checkProducts', limit: 'signIn' },
  lazadaAuth: { path: 'channel-server/lazada/auth', limit: 'signIn' },
  rednoteAuthUrl: { path: 'channel-server/rednote/spotlight/auth-url', limit: 'signIn' },
  tikTokAuthSave: { path: 'channel-server/tiktok/auth-save', limit: 'signIn' },
})

export type EndpointName = keyof typeof ENDPOINTS

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[]

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(ENDPOINTS, name)
}

/** Names of the path parameters of an endpoint, e.g. `['id']`. */
export function pathParamNames(name: EndpointName): string[] {
  return pathPlaceholders(ENDPOINTS[name].path).map((placeholder) => placeholder.name)
}

const compiled: [EndpointName, Endpoint, CompiledPath][] = ENDPOINT_NAMES.map((name) => [
  name,
  ENDPOINTS[name],
  compilePath(ENDPOINTS[name].path),
])

export interface EndpointMatch {
  name: EndpointName
  endpoint: Endpoint
  /** Decoded path parameters; each checked against `PATH_PARAM_PATTERN` (or an identifier when embedded). */
  params: Record<string, string>
}

/**
 * The endpoint for a method and a path relative to the API base (`basic-login/serviceLoginNew/4`,
 * a leading slash is ignored; no query string). Undefined when nothing fits or a path parameter
 * holds something it may not (a slash, `..`, a malformed escape).
 */
export function findEndpointByPath(method: string, path: string): EndpointMatch | undefined {
  const wanted = method.toUpperCase()
  const relative = path.replace(/^\/+/, '')
  for (const [name, endpoint, template] of compiled) {
    if (endpoint.method !== wanted) continue
    const params = matchPath(template, relative)
    if (params) return { name, endpoint, params }
  }
  return undefined
}
