import { expect, type Page } from '@playwright/test'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enSteps from '../../shared/i18n/locales/en/signInSteps.ts'
import enSso from '../../shared/i18n/locales/en/sso.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhSteps from '../../shared/i18n/locales/zh/signInSteps.ts'
import zhSso from '../../shared/i18n/locales/zh/sso.ts'
import {
  expectAxeClean,
  expectNoHorizontalOverflow,
  expectNoRawKeys,
  inLanguage,
  keepScreenshot,
} from './frame-helpers.ts'
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

/** The newest sign-in code the sandbox e-mailed to `email`, after `before` codes were there. */
export async function newestCode(email: string, before = 0): Promise<string> {
  await expect.poll(async () => (await outbox(email, 'login-code')).length).toBeGreaterThan(before)
  return (await outbox(email, 'login-code')).at(-1)?.code ?? ''
}

/** A screenshot of a new screen, checked like every page: no raw keys, no overflow, axe clean. */
export async function screen(page: Page, name: string) {
  await keepScreenshot(page, { path: `.cache/screens/${name}.png`, fullPage: true })
  await expectNoRawKeys(page)
  await expectNoHorizontalOverflow(page)
  await expectAxeClean(page, name, 'content')
}

/** Types a code as a paste of the whole thing, with text around it (as e-mail clients copy it). */
export async function pasteCode(page: Page, text: string) {
  await page.locator('#sign-in-code').evaluate((input, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}
