/** What the sign-up specs share: texts, the captcha as a person solves it, the first step, the link. */
import { expect, type Page } from '@playwright/test'
import enCaptcha from '../../shared/i18n/locales/en/captcha.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enErrors from '../../shared/i18n/locales/en/errors.ts'
import enSignUp from '../../shared/i18n/locales/en/signUp.ts'
import zhCaptcha from '../../shared/i18n/locales/zh/captcha.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhErrors from '../../shared/i18n/locales/zh/errors.ts'
import zhSignUp from '../../shared/i18n/locales/zh/signUp.ts'
import { outbox } from './sandbox.ts'

export const TEXT = {
  en: { s: enSignUp, captcha: enCaptcha, common: enCommon, errors: enErrors },
  zh: { s: zhSignUp, captcha: zhCaptcha, common: zhCommon, errors: zhErrors },
} as const
type Texts = (typeof TEXT)[keyof typeof TEXT]
export const PASSWORD = 'Trial-Start42'

/** A new screen of the sign-up, checked like every page. */
export { checkedScreen as screenshot } from './frame-helpers.ts'

/** Answers the sandbox's challenge the way a person would: reads the question, types the sum. */
export async function solveCaptcha(page: Page, T: { captcha: Pick<Texts['captcha'], 'check' | 'solved'> }) {
  const question = page.locator('.captcha-row label')
  await expect(question).toBeVisible()
  const [a, b] = ((await question.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? []
  await question
    .locator('xpath=..')
    .getByRole('textbox')
    .fill(String((a ?? 0) + (b ?? 0)))
  await page.getByRole('button', { name: T.captcha.check }).click()
  await expect(page.getByText(T.captcha.solved)).toBeVisible()
}

export async function startSignUp(page: Page, T: Texts, email: string) {
  await page.getByLabel(T.s.credentials.email).fill(email)
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await page.locator('#sign-up-privacy').check()
  await solveCaptcha(page, T)
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
  await expect(page.getByTestId('sent-to')).toContainText(email)
}

/** Fills the setup step (Ada Lovelace, Head of Support at `company`, on `phone`) and submits it. */
export async function submitSetup(page: Page, T: Texts, company: string, phone: string) {
  await page.getByLabel(T.s.setup.firstName).fill('Ada')
  await page.getByLabel(T.s.setup.lastName).fill('Lovelace')
  await page.getByLabel(T.s.setup.company).fill(company)
  await page.getByLabel(T.s.setup.jobTitle).fill('Head of Support')
  await page.getByLabel(T.s.setup.phone).fill(phone)
  await page.getByRole('button', { name: T.s.setup.submit }).click()
}

export async function openLink(page: Page, email: string): Promise<string> {
  const [message] = (await outbox(email, 'register-verify')).slice(-1)
  expect(message?.link, 'a verification e-mail with its link').toBeTruthy()
  await page.goto('about:blank')
  const response = await page.goto(message?.link ?? '')
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  return message?.link ?? ''
}
