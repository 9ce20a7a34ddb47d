import { expect, type Page, test } from '@playwright/test'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhDemo from '../../shared/i18n/locales/zh/demo.ts'
import { expectBooked } from './demo-helpers.ts'
import { expectAxeClean, inLanguage, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { solveCaptcha, TEXT } from './sign-up-helpers.ts'

const DEMO = { en: enDemo, zh: zhDemo } as const
const COMMON = { en: enCommon, zh: zhCommon } as const

type FieldName = 'fullName' | 'email' | 'company' | 'jobTitle' | 'phone'
const VALID: Record<FieldName, string> = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  jobTitle: 'Head of Support',
  phone: '91234567',
}

/** The country code starts as +86 in Chinese: the number is then an 11-digit mainland mobile. */
function validFor(language: 'en' | 'zh'): Record<FieldName, string> {
  return language === 'zh' ? { ...VALID, phone: '13912345678' } : VALID
}

async function fill(page: Page, values: Record<FieldName, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`#demo-${name}`).fill(value)
}

async function open(page: Page, language: 'en' | 'zh') {
  await page.goto(inLanguage('/auth/demo', language))
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
}

// The tests take turns with the language (ADR 0099): each runs in one, both languages run.
for (const language of LANGUAGES) {
  const T = DEMO[language]
  const V = COMMON[language].validation

  test.describe(`demo booking · ${language}`, () => {
    // One browser context walks the checks (a fresh context per check cost its setup and a cold
    // cache, ADR 0096); each step opens the form and names the check that fails.
    test(`the booking form: its link, errors, captcha, a complete booking, axe (${language})`, async ({
      page,
    }) => {
      test.slow() // what used to be several tests' hang guard
      if (takesTurn(0, language))
        await test.step('Book Demo in the header leads to the booking form', async () => {
          await page.goto(inLanguage('/demo/', language))
          await expect(page).toHaveURL(/\/auth\/demo/)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.title)
        })

      const invalid: Array<[FieldName, string, string]> = [
        ['fullName', '', V.required],
        ['fullName', 'Ada', V.fullName],
        ['email', 'not-an-email', V.email],
        ['company', 'Engines <Ltd>', V.name],
        ['jobTitle', '', V.required],
        ['jobTitle', 'Head/Support', V.name],
        ['phone', '12-34', V.phone],
      ]
      // One form takes every invalid value in turn, as a visitor correcting one mistake after
      // another would (ADR 0096: one page load instead of one browser context per value); a step per
      // value names the one that fails.
      if (takesTurn(1, language))
        await test.step('each invalid value is explained at its field, nothing typed is lost', async () => {
          await open(page, language)
          for (const [field, value, message] of invalid) {
            await test.step(`${field} "${value.slice(0, 12)}"`, async () => {
              const values = { ...validFor(language), [field]: value }
              await fill(page, values)
              await page.getByRole('button', { name: T.submit }).click()
              const input = page.locator(`#demo-${field}`)
              await expect(input).toHaveAttribute('aria-invalid', 'true')
              await expect(page.locator(`#demo-${field}-error`)).toHaveText(message)
              await expect(page.getByRole('alert').first()).toHaveText(T.fixErrors)
              for (const [name, typed] of Object.entries(values)) {
                await expect(page.locator(`#demo-${name}`)).toHaveValue(
                  typed.slice(0, name === 'email' ? 320 : 100),
                )
              }
            })
          }
        })

      if (takesTurn(0, language))
        await test.step('a complete booking reaches the sandbox and says what happens next', async () => {
          await open(page, language)
          const email = `demo-${language}-${Date.now()}@example.com`
          await fill(page, { ...validFor(language), email })
          await page.getByRole('checkbox', { name: T.product.chatbot }).check()
          await page.locator('#demo-notes').fill('Twenty agents')
          await solveCaptcha(page, TEXT[language])
          await page.getByRole('button', { name: T.submit }).click()
          await expectBooked(page, T, email, { products: ['chatbot'], notes: 'Twenty agents' })
        })

      if (takesTurn(1, language))
        await test.step('a booking asks for the captcha the upstream offers, and keeps what was typed', async () => {
          await open(page, language)
          const values = { ...validFor(language), email: `captcha-${language}-${Date.now()}@example.com` }
          await fill(page, values)
          await page.getByRole('button', { name: T.submit }).click()
          await expect(page.getByText(COMMON[language].validation.captcha)).toBeVisible()
          for (const [name, typed] of Object.entries(values))
            await expect(page.locator(`#demo-${name}`)).toHaveValue(typed)
          await solveCaptcha(page, TEXT[language])
          await page.getByRole('button', { name: T.submit }).click()
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.doneTitle)
        })

      if (takesTurn(0, language))
        await test.step('axe finds nothing on the form with its errors shown', async () => {
          await open(page, language)
          await page.getByRole('button', { name: T.submit }).click()
          await expectAxeClean(page, `demo form with its errors (${language})`, 'content')
        })
    })
  })
}

test.describe('demo booking · phone', () => {
  test.use(PHONE)
  test('the form fits a phone', async ({ page }) => {
    await open(page, 'zh')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    expect(overflow).toBe(false)
  })
})

test('demo booking · zh · a +86 number must be an 11-digit mobile', async ({ page }) => {
  await open(page, 'zh')
  await fill(page, { ...VALID, phone: '91234567' })
  await page.getByRole('button', { name: zhDemo.submit }).click()
  await expect(page.locator('#demo-phone-error')).toHaveText(zhCommon.validation.chinaMobile)
})
