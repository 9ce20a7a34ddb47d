import type { z } from 'zod'
import { agentLanguageSchema, forwardSchema, loginConfigSchema } from '../schemas/channel.ts'
import { demoSchema } from '../schemas/demo.ts'
import { object } from '../schemas/fields.ts'
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

export type RequestSchema = z.ZodType<Record<string, unknown>>

/**
 * What the BFF accepts for each endpoint whose payload the spec shows (the full zod schemas);
 * every other endpoint gets the bounded permissive `loose` schema. Server only: pages validate
 * their forms by importing the schema they need from shared/schemas/<flow>.ts.
 */
export const REQUEST_SCHEMAS = {
  // Sign-up
  registerEmailCheck: signUpEmailSchema,
  registerSgNew: signUpStartSchema,
  sendRegisterVerifyEmail: signUpEmailSchema,
  checkVerifyEmailLink: verifyLinkSchema,
  registerFinishNew: signUpEmailSchema,
  registerFinishH5: signUpEmailSchema,
  initSgGeetestInfo: object({}),
  checkSgGeetestInfo: captchaCheckSchema,
  registerSgPartInfo: accountSetupSchema,
  registerPartInfo: accountSetupSchema,
  updateRegisterPartInfo: accountSetupSchema,
  registerChoseProduct: questionnaireSchema,
  registerSendSms: signUpSmsSchema,
  registerSgH5: signUpH5Schema,
  addSgReservationInfo: demoSchema,
  // Sign-in
  loginEmailCheck: emailOnlySchema,
  getServiceLoginWrongTimes: emailOnlySchema,
  serviceLoginNew: signInSchema,
  consoleLogin: consoleLoginSchema,
  sendEmailRandomCode: emailOnlySchema,
  sendVerifyCode: sendVerifyCodeRequestSchema,
  getAllEnvDomain: emailOnlySchema,
  aadLogin: aadLoginSchema,
  aadLoginOverseas: aadLoginSchema,
  loginConfig: loginConfigSchema,
  // Password reset and change
  sendResetEmail: resetByEmailSchema,
  sendSmsRandomCode: resetBySmsSchema,
  checkFindPwd: checkResetCodeSchema,
  setServiceNewPwd: setNewPasswordSchema,
  resetNewPwd: changePasswordSchema,
  resetServiceNewPwd: linkNewPasswordSchema,
  // Session, agent and channels
  // Takes nothing: the sealed token is the request (issue 46: a body's fields never go upstream).
  getToken: object({}),
  updateAgentLanguage: agentLanguageSchema,
  channelForward: forwardSchema,
} satisfies Record<string, RequestSchema>

/** How the BFF calls the upstream when its contract differs from what the browser sends. */
export interface UpstreamContract {
  /** Default: the browser's method. */
  readonly upstreamMethod?: 'GET' | 'POST'
  /** The validated browser data as the upstream contract wants it (the BFF applies it). */
  readonly toUpstream?: (data: Record<string, unknown>) => Record<string, unknown>
}

/** Server only, like the schemas: the browser never needs to know the upstream's contract. */
export const UPSTREAM_CONTRACTS = {
  // The upstream contract is a GET with the base64 password in the query (spec §7). A password
  // must never stand in a browser URL, history or access log: the browser POSTs the plain
  // password to the BFF, which encodes it and makes the GET (its logs mask the query).
  sendVerifyCode: {
    upstreamMethod: 'GET',
    toUpstream: (data) => ({ ...data, password: toBase64Utf8(String(data.password ?? '')) }),
  },
} satisfies Record<string, UpstreamContract>
