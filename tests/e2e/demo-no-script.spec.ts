import { expect, type Page, test } from '@playwright/test'
import enCaptcha from '../../shared/i18n/locales/en/captcha.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import zhCaptcha from '../../shared/i18n/locales/zh/captcha.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhDemo from '../../shared/i18n/locales/zh/demo.ts'
import { expectBooked } from './demo-helpers.ts'
import { inLanguage, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { solveCaptcha, TEXT } from './sign-up-helpers.ts'

// Issue 21: the demo booking works with JavaScript off (or before the scripts ran): the form posts
// to the server, which answers with the page — the next question, or the errors with what was typed.

const DEMO = { en: enDemo, zh: zhDemo } as const
const CAPTCHA = { en: enCaptcha, zh: zhCaptcha } as const
const COMMON = { en: enCommon, zh: zhCommon } as const

function typedFor(language: 'en' | 'zh', email: string) {
  return {
    fullName: 'Grace Hopper',
    email,
    company: 'Compilers Inc',
    jobTitle: 'Support Lead',
    phone: language === 'zh' ? '13912345678' : '91234567',
  }
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`#demo-${name}`).fill(value)
}

/** The sum the server's captcha question asks for (both languages put the two numbers in order). */
async function answerQuestion(page: Page, answerOffset = 0) {
  const question = await page.locator('label[for$="-answer"]').innerText()
  const [a, b] = (question.match(/\d+/g) ?? []).map(Number)
  await page.locator('input[name="captchaAnswer"]').fill(String((a ?? 0) + (b ?? 0) + answerOffset))
}

/**
 * Issue 21's "done when": without JavaScript in both languages, on a desktop and on a phone;
 * each device in one language, taking turns (ADR 0099).
 */
const DEVICES = { desktop: {}, phone: PHONE } as const

for (const [turn, [device, options]] of Object.entries(DEVICES).entries())
  for (const language of LANGUAGES.filter((language) => takesTurn(turn, language))) {
    const T = DEMO[language]
    const captcha = CAPTCHA[language]

    test.describe(`demo booking without JavaScript · ${language} · ${device}`, () => {
      test.use({ ...options, javaScriptEnabled: false })
      test('posted, asked the question, posted again: booked, nothing typed lost on the way', async ({
        page,
      }) => {
        const response = await page.goto(inLanguage('/auth/demo', language))
        // Chromium with scripts switched off by Playwright still parses <noscript> as text, so the
        // hint is checked in the HTML: in place of "Loading…" that would otherwise stay for ever.
        expect(await response?.text()).toContain(`<noscript><p>${captcha.noScript}</p></noscript>`)
        const email = `noscript-${language}-${device}-${Date.now()}@example.com`
        const typed = typedFor(language, email)
        await fill(page, typed)
        await page.getByRole('checkbox', { name: T.product.voice, exact: true }).check()
        await page.locator('#demo-notes').fill('No scripts here')
        await page.getByRole('button', { name: T.submit }).click()

        // The server's page: the question, what to do, and every value still there.
        await expect(page.getByText(captcha.answerBelow)).toBeVisible()
        for (const [name, value] of Object.entries(typed))
          await expect(page.locator(`#demo-${name}`)).toHaveValue(value)
        await expect(page.getByRole('checkbox', { name: T.product.voice, exact: true })).toBeChecked()
        await expect(page.locator('#demo-notes')).toHaveValue('No scripts here')

        await answerQuestion(page)
        await page.getByRole('button', { name: T.submit }).click()
        await expectBooked(page, T, email, { products: ['voice'], notes: 'No scripts here' })
      })

      test('a wrong field and a wrong answer are explained at their fields, values kept', async ({
        page,
      }) => {
        await page.goto(inLanguage('/auth/demo', language))
        const typed = { ...typedFor(language, 'not-an-email') }
        await fill(page, typed)
        await page.getByRole('button', { name: T.submit }).click()
        const email = page.locator('#demo-email')
        await expect(email).toHaveValue('not-an-email')
        await expect(email).toHaveAttribute('aria-invalid', 'true')
        await expect(page.getByText(COMMON[language].validation.email)).toBeVisible()

        await email.fill(`wrong-answer-${language}-${device}-${Date.now()}@example.com`)
        await answerQuestion(page, 1)
        await page.getByRole('button', { name: T.submit }).click()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.title)
        await expect(page.locator('#demo-fullName')).toHaveValue(typed.fullName)
        await expect(page.locator('input[name="captchaAnswer"]')).toHaveValue('')
        await expect(page.locator('input[name="captchaAnswer"]')).toHaveAttribute('aria-invalid', 'true')
      })
    })
  }

for (const language of LANGUAGES) {
  const T = DEMO[language]
  test(`demo booking posted before the scripts ran · ${language}: the answered page hydrates with what was typed`, async ({
    page,
  }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    await page.goto(inLanguage('/auth/demo', language))
    const email = `early-${language}-${Date.now()}@example.com`
    await fill(page, typedFor(language, email))
    // A plain submit, as when the click comes before hydration: the browser posts the form itself.
    await page.locator('form[method="post"]').evaluate((form: HTMLFormElement) => form.submit())
    await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
    await expect(page.locator('#demo-email')).toHaveValue(email)
    await solveCaptcha(page, TEXT[language])
    await page.getByRole('button', { name: T.submit }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.doneTitle)
    expect(problems, 'no console errors (hydration included)').toEqual([])
  })
}
