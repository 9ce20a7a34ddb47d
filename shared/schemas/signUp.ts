import { z } from 'zod'
import { REGION_IDS } from '../regions.ts'
import {
  accepted,
  areaCode,
  captchaPass,
  chinaMobileWhenChina,
  email,
  fullName,
  name,
  newPassword,
  object,
  oneOf,
  optionalText,
  phone,
  referralCode,
  someOf,
  whenClean,
  withConfirmation,
} from './fields.ts'
import { V } from './messages.ts'
import {
  DEPARTMENTS,
  GOALS,
  INDUSTRIES,
  LAUNCH_TIMINGS,
  PRODUCTS,
  SUPPORT_CHANNELS,
} from './signUpChoices.ts'

/**
 * Sign-up (spec §4 "Registration", §5): e-mail and password, verification e-mail, account setup,
 * optional questionnaire. Upstream field names are not in the spec; these are ours and the BFF
 * forwards them as they are.
 */

/** `registerEmailCheck`, `sendRegisterVerifyEmail`. */
export const signUpEmailSchema = object({ email })

/** `registerSgNew`: what is sent. */
export const signUpCredentialsSchema = object({ email, password: newPassword })

/** `registerSgNew` as the browser sends it: the credentials and the solved captcha. */
export const signUpStartSchema = signUpCredentialsSchema.extend({ captchaPass })

/** One field of the provider's result (GeeTest v4 `getValidate()`), opaque to us. */
const providerField = (max: number) =>
  z.string({ error: V.captcha }).trim().min(1, { error: V.captcha }).max(max, { error: V.captcha })

/**
 * `checkSgGeetestInfo`: the answer to the upstream's own challenge, or — with a provider configured
 * (ADR 0027) — the provider's result for that challenge, which the upstream verifies with it.
 */
export const captchaCheckSchema = object({
  challengeId: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100),
  answer: z.string({ error: V.captcha }).trim().max(20, { error: V.captcha }).optional(),
  lot_number: providerField(100).optional(),
  captcha_output: providerField(2000).optional(),
  pass_token: providerField(200).optional(),
  gen_time: providerField(20).optional(),
}).check((context) => {
  const value = context.value
  const provider = ['lot_number', 'captcha_output', 'pass_token', 'gen_time'] as const
  if (provider.some((field) => value[field] !== undefined)) {
    for (const field of provider)
      if (value[field] === undefined)
        context.issues.push({ code: 'custom', message: V.captcha, path: [field], input: value })
  } else if (!value.answer)
    context.issues.push({ code: 'custom', message: V.captcha, path: ['answer'], input: value })
})

/** `checkVerifyEmailLink`: the id from the e-mailed link's fragment. */
export const verifyLinkSchema = object({
  id: z.string({ error: V.invalid }).trim().min(10, { error: V.invalid }).max(200, { error: V.invalid }),
  /** The region the link names (`#id=…&region=us`): where its registration lives (ADR 0074). */
  region: z.enum(REGION_IDS).optional().catch(undefined),
})

/** The page's first step: the payload plus the repeated password and the privacy notice (spec §5). */
export const signUpCredentialsFormSchema = withConfirmation(
  signUpCredentialsSchema.extend({
    confirmPassword: z.string({ error: V.required }),
    privacy: accepted(V.privacy),
  }),
)
export type SignUpCredentialsForm = z.input<typeof signUpCredentialsFormSchema>

const withChinaMobile = <S extends z.ZodObject<{ areaCode: typeof areaCode; phone: typeof phone }>>(
  schema: S,
) =>
  schema.refine(chinaMobileWhenChina, {
    path: ['phone'],
    error: V.chinaMobile,
    when: whenClean('areaCode', 'phone'),
  })

/** `registerSgPartInfo`, `registerPartInfo`, `updateRegisterPartInfo`: the account setup step. */
export const accountSetupSchema = withChinaMobile(
  object({
    email,
    firstName: name,
    lastName: name,
    company: name,
    jobTitle: name,
    areaCode,
    phone,
    referralCode,
    notes: optionalText,
  }),
)
export type AccountSetupInput = z.input<typeof accountSetupSchema>

/** `registerSgH5`: the one-page mobile sign-up, with a full name instead of first and last. */
export const signUpH5Schema = withChinaMobile(
  object({
    email,
    password: newPassword,
    fullName,
    company: name,
    areaCode,
    phone,
    referralCode,
    captchaPass,
  }),
)

/** `registerSendSms`: a text with a code to the sign-up phone. */
export const signUpSmsSchema = withChinaMobile(object({ areaCode, phone }))

/** `registerChoseProduct`: the optional questionnaire; every answer may be left out. */
export const questionnaireSchema = object({
  products: someOf(PRODUCTS),
  goals: someOf(GOALS),
  channels: someOf(SUPPORT_CHANNELS),
  industry: oneOf(INDUSTRIES).optional(),
  department: oneOf(DEPARTMENTS).optional(),
  launch: oneOf(LAUNCH_TIMINGS).optional(),
  employees: optionalText,
  tools: optionalText,
  notes: optionalText,
})
export type QuestionnaireInput = z.input<typeof questionnaireSchema>
