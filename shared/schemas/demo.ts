import type { z } from 'zod'
import {
  areaCode,
  captchaPass,
  chinaMobileWhenChina,
  email,
  fullName,
  name,
  object,
  optionalText,
  phone,
  someOf,
  whenClean,
} from './fields.ts'
import { V } from './messages.ts'
import { PRODUCTS } from './signUpChoices.ts'

/** `addSgReservationInfo`: book a demo (spec §2 /auth/demo). Field names are ours. */
export const demoSchema = object({
  fullName,
  email,
  company: name,
  jobTitle: name,
  areaCode,
  phone,
  products: someOf(PRODUCTS),
  notes: optionalText,
  // The captcha the upstream offers for demo requests (initSgGeetestInfo), as on sign-up.
  captchaPass,
}).refine(chinaMobileWhenChina, {
  path: ['phone'],
  error: V.chinaMobile,
  when: whenClean('areaCode', 'phone'),
})
export type DemoInput = z.input<typeof demoSchema>
