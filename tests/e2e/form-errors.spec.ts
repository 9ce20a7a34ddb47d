import { expect, type Locator, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhDemo from '../../shared/i18n/locales/zh/demo.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import { inLanguage, LANGUAGES, PHONE } from './frame-helpers.ts'
import { createAccount, outbox, uniquePhone } from './sandbox.ts'
import { PASSWORD, TEXT as SIGN_UP } from './sign-up-helpers.ts'

/**
 * Issue 18 point 13: on sign-up, reset and demo a field's error goes as soon as the user changes
 * that field (the others stay until they are fixed too), and every form's errors are tied to their
 * field (aria-describedby) and announced (role="alert") the same way.
 */
const TEXT = {
  en: { reset: enReset, common: enCommon, demo: enDemo },
  zh: { reset: zhReset, common: zhCommon, demo: zhDemo },
} as const

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
}

/** The field is marked invalid, and its description holds an announced error: that error's text. */
async function announcedError(field: Locator): Promise<string> {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  const found = await field.evaluate((input) => {
    for (const id of (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) {
      const element = document.getElementById(id)
      const text = element?.textContent?.trim()
      if (text && element?.closest('[role="alert"], [aria-live="assertive"], [aria-live="polite"]'))
        return text
    }
    return ''
  })
  expect(found, 'an error tied to the field (aria-describedby) and announced (role=alert)').not.toBe('')
  return found
}

/** The field's error is gone: not invalid, not described by it, not shown beside it. */
async function expectCleared(field: Locator, message: string) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  const described = await field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join('\n'),
  )
  expect(described).not.toContain(message)
  await expect(field.locator('xpath=ancestor::div[contains(@class, "field")][1]')).not.toContainText(message)
}

for (const language of LANGUAGES) {
  const T = TEXT[language]
  const S = SIGN_UP[language].s

  test.describe(`stale errors (${language})`, () => {
    // One browser context walks the forms (a fresh context per form cost its setup and a cold cache,
    // ADR 0096); each step opens its page and names the form that fails.
    test(`sign-up, reset and demo: each error goes when its field changes (${language})`, async ({
      page,
    }) => {
      test.slow() // what used to be several tests' hang guard
      await test.step('sign-up: each error goes when its field changes, the others stay', async () => {
        await open(page, inLanguage('/auth/sign_up', language))
        await page.getByRole('button', { name: S.credentials.submit }).click()
        const email = page.getByLabel(S.credentials.email)
        const password = page.getByLabel(S.credentials.password, { exact: true })
        const privacy = page.locator('#sign-up-privacy')
        const emailError = await announcedError(email)
        const passwordError = await announcedError(password)
        const privacyError = await announcedError(privacy)

        await email.fill(`someone-${Date.now()}@example.com`)
        await expectCleared(email, emailError)
        expect(await announcedError(password)).toBe(passwordError)
        await password.fill(PASSWORD)
        await expectCleared(password, passwordError)
        expect(await announcedError(privacy)).toBe(privacyError)
        await privacy.check()
        await expectCleared(privacy, privacyError)
      })

      await test.step('reset: errors are announced and go when the field changes (e-mail, phone, code, new password)', async () => {
        await open(page, inLanguage('/auth/reset', language))
        const email = page.getByLabel(T.reset.email)
        await email.fill('not-an-email')
        await page.getByRole('button', { name: T.reset.sendLink }).click()
        expect(await announcedError(email)).toBe(T.common.validation.email)
        await email.fill('not-an-email@')
        await expectCleared(email, T.common.validation.email)

        const phone = uniquePhone()
        await createAccount(`stale-${language}`, FIXTURE_PASSWORD, { areaCode: '86', number: phone })
        await page.getByRole('radio', { name: T.reset.viaPhone }).check()
        await page.getByLabel(T.reset.areaCode).selectOption('86')
        const number = page.getByLabel(T.reset.phone)
        await number.fill('1380013')
        await page.getByRole('button', { name: T.reset.sendCode }).click()
        expect(await announcedError(number)).toBe(T.common.validation.chinaMobile)
        await number.fill(phone)
        await expectCleared(number, T.common.validation.chinaMobile)
        await page.getByRole('button', { name: T.reset.sendCode }).click()

        const input = page.getByLabel(T.reset.code, { exact: true })
        await expect(page.getByRole('heading', { name: T.reset.codeTitle })).toBeVisible()
        await expect.poll(async () => (await outbox(phone, 'reset-code')).length).toBeGreaterThan(0)
        const code = (await outbox(phone, 'reset-code')).at(-1)?.code ?? ''
        await input.fill(code === '000000' ? '111111' : '000000')
        await page.getByRole('button', { name: T.reset.verify }).click()
        expect(await announcedError(input)).toBe(T.reset.codeWrong)
        await input.fill(code)
        await expectCleared(input, T.reset.codeWrong)
        await page.getByRole('button', { name: T.reset.verify }).click()

        const newPassword = page.getByLabel(T.reset.newPassword, { exact: true })
        const confirm = page.getByLabel(T.reset.confirmPassword)
        await newPassword.fill('Fresh-Start42')
        await confirm.fill('Fresh-Start43')
        await page.getByRole('button', { name: T.reset.save }).click()
        const mismatch = await announcedError(confirm)
        await confirm.fill('Fresh-Start42')
        await expectCleared(confirm, mismatch)
      })

      await test.step('demo: each error goes when its field changes, the summary stays while any is left', async () => {
        await open(page, inLanguage('/auth/demo', language))
        await page.getByRole('button', { name: T.demo.submit }).click()
        const fullName = page.getByLabel(T.demo.fullName)
        const email = page.getByLabel(T.demo.email)
        const fullNameError = await announcedError(fullName)
        const emailError = await announcedError(email)
        await expect(page.getByRole('alert').first()).toHaveText(T.demo.fixErrors)

        await fullName.fill('Ada Lovelace')
        await expectCleared(fullName, fullNameError)
        expect(await announcedError(email)).toBe(emailError)
        await expect(page.getByRole('alert').first()).toHaveText(T.demo.fixErrors)
        await email.fill('ada@example.com')
        await expectCleared(email, emailError)
      })
    })
  })
}

test.describe('on a phone', () => {
  test.use(PHONE)
  for (const language of LANGUAGES) {
    test(`sign-up's one-page form clears each error when its field changes (${language})`, async ({
      page,
    }) => {
      const S = SIGN_UP[language].s
      await open(page, inLanguage('/auth/sign_up', language))
      await page.getByRole('button', { name: S.credentials.submit }).click()
      const fullName = page.getByLabel(S.credentials.fullName)
      const company = page.getByLabel(S.credentials.company)
      const fullNameError = await announcedError(fullName)
      const companyError = await announcedError(company)
      await fullName.fill('Ada Lovelace')
      await expectCleared(fullName, fullNameError)
      expect(await announcedError(company)).toBe(companyError)
    })
  }
})
