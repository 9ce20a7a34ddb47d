import type { z } from 'zod'
import { agentLanguageSchema, forwardSchema, loginConfigSchema } from '../schemas/channel.ts'
import { demoSchema } from '../schemas/demo.ts'
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
  sendVerifyCodeSchema,
  signInSchema,
} from '../schemas/signIn.ts'
import {
  accountSetupSchema,
  questionnaireSchema,
  signUpCredentialsSchema,
  signUpEmailSchema,
  signUpH5Schema,
  signUpSmsSchema,
} from '../schemas/signUp.ts'

export type RequestSchema = z.ZodType<Record<string, unknown>>

/**
 * What the BFF accepts for each endpoint whose payload the spec shows (the full zod schemas);
 * every other endpoint gets the bounded permissive `loose` schema. Server only: pages validate
 * their forms by importing the schema they need from shared/schemas/<flow>.ts.
 */
export const REQUEST_SCHEMAS = {
  // Sign-up
  registerEmailCheck: signUpEmailSchema,
  registerSgNew: signUpCredentialsSchema,
  sendRegisterVerifyEmail: signUpEmailSchema,
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
  sendVerifyCode: sendVerifyCodeSchema,
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
  updateAgentLanguage: agentLanguageSchema,
  channelForward: forwardSchema,
} satisfies Record<string, RequestSchema>
