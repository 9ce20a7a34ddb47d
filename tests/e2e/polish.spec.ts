import { expect, type Page, test } from '@playwright/test'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import { inLanguage, LANGUAGES, PHONE } from './frame-helpers.ts'

/** Issue 18 point 16: what the two reviews' screenshots showed, item by item. */
const COMMON = { en: enCommon, zh: zhCommon } as const

/** Every button-like control's name on the page: buttons, submit inputs, links styled as buttons. */
async function buttonTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, input[type=submit], a.button, .link-button, [role=button]')]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) =>
        (element instanceof HTMLInputElement ? element.value : (element as HTMLElement).innerText).trim(),
      ),
  )
}

const BUTTON_PAGES = [
  '/auth/sign_in',
  '/auth/sign_up',
  '/auth/reset',
  '/auth/demo',
  '/auth/external',
  '/auth/external/connect',
  '/auth/channel_auth',
  '/auth/channel_authStatus',
  '/',
]

for (const language of LANGUAGES) {
  test(`button texts end without a full stop (${language})`, async ({ page }) => {
    const found: string[] = []
    for (const path of BUTTON_PAGES) {
      await page.goto(inLanguage(path, language))
      await page.locator('.frame[data-hydrated="true"]').waitFor({ state: 'attached' })
      for (const text of await buttonTexts(page)) if (/[.。]$/.test(text)) found.push(`${path}: ${text}`)
    }
    expect(found).toEqual([])
  })

  test(`the sign-up page has its own description (${language})`, async ({ page }) => {
    await page.goto(inLanguage('/auth/sign_up', language))
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      COMMON[language].signUp.metaDescription,
    )
  })
}

test.describe('phone', () => {
  test.use({ ...PHONE })
  for (const language of LANGUAGES)
    test(`button texts end without a full stop on a phone (${language})`, async ({ page }) => {
      const found: string[] = []
      for (const path of ['/auth/sign_up', '/auth/sign_in', '/auth/reset']) {
        await page.goto(inLanguage(path, language))
        await page.locator('.frame[data-hydrated="true"]').waitFor({ state: 'attached' })
        for (const text of await buttonTexts(page)) if (/[.。]$/.test(text)) found.push(`${path}: ${text}`)
      }
      expect(found).toEqual([])
    })
})
