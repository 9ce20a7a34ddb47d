import { expect, type Locator, type Page } from '@playwright/test'
import { EMAIL_CODE_ACCOUNT } from '../../sandbox/fixtures.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enSteps from '../../shared/i18n/locales/en/signInSteps.ts'
import enSso from '../../shared/i18n/locales/en/sso.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhSteps from '../../shared/i18n/locales/zh/signInSteps.ts'
import zhSso from '../../shared/i18n/locales/zh/sso.ts'
import { inLanguage } from './frame-helpers.ts'
import { outbox } from './sandbox.ts'

export const STEPS_TEXT = {
  en: { steps: enSteps, common: enCommon, sso: enSso },
  zh: { steps: zhSteps, common: zhCommon, sso: zhSso },
} as const

/** The form's one submit button (its label changes from step to step). */
export async function submit(page: Page) {
  // Not a button that submits another form from inside this one (the code step's resend).
  await page.locator('form:has(#sign-in-email) button[type=submit]:not([form])').click()
}

/** E-mail, then password, on the sign-in page in `language` (with an optional query). */
export async function signInWithPassword(
  page: Page,
  language: 'en' | 'zh',
  email: string,
  password: string,
  query = '',
) {
  await page.goto(inLanguage(`/auth/sign_in${query}`, language))
  await page.locator('#sign-in-email').fill(email)
  await submit(page)
  await page.locator('#sign-in-password').fill(password)
  await submit(page)
}

/** The sign-in page in `language` with `email` entered and sent on: its password field. */
export async function atPasswordStep(page: Page, language: 'en' | 'zh', email: string): Promise<Locator> {
  const { signIn } = STEPS_TEXT[language].common
  await page.goto(inLanguage('/auth/sign_in', language))
  await page.getByLabel(signIn.email).fill(email)
  await page.getByRole('button', { name: signIn.continue }).click()
  return page.getByLabel(signIn.password, { exact: true })
}

/**
 * The e-mail-code fixture signed in with its password, so at the code step: its address, and how
 * many sign-in codes it had before this one (for newestCode).
 */
export async function atCodeStep(
  page: Page,
  language: 'en' | 'zh',
): Promise<{ email: string; before: number }> {
  const { email, password } = EMAIL_CODE_ACCOUNT
  const before = (await outbox(email, 'login-code')).length
  await signInWithPassword(page, language, email, password)
  return { email, before }
}

/** The newest sign-in code the sandbox e-mailed to `email`, after `before` codes were there. */
export async function newestCode(email: string, before = 0): Promise<string> {
  await expect.poll(async () => (await outbox(email, 'login-code')).length).toBeGreaterThan(before)
  return (await outbox(email, 'login-code')).at(-1)?.code ?? ''
}

/** A new screen of the sign-in, checked like every page. */
export { checkedScreen as screen } from './frame-helpers.ts'

/** Types a code as a paste of the whole thing, with text around it (as e-mail clients copy it). */
export async function pasteCode(page: Page, text: string) {
  await page.locator('#sign-in-code').evaluate((input, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}
