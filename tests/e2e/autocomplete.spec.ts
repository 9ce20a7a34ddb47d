import { expect, type Locator, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhDemo from '../../shared/i18n/locales/zh/demo.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import { inLanguage, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { openResetLinkOfNewAccount } from './reset-helpers.ts'
import { createAccount, uniqueEmail, uniquePhone } from './sandbox.ts'
import { openLink, TEXT as SIGN_UP, startSignUp, submitSetup } from './sign-up-helpers.ts'

/**
 * Issue 18 point 14: every field says what it holds (`autocomplete`), so browsers and password
 * managers fill the right thing; in the two-step sign-in the e-mail stays in the password step as
 * a read-only `username` field, so a saved login fills both.
 */
const TEXT = {
  en: { common: enCommon, demo: enDemo, reset: enReset },
  zh: { common: zhCommon, demo: zhDemo, reset: zhReset },
} as const

/** Fields of the page (text-like inputs, selects, text areas) with no `autocomplete` at all. */
async function unnamedFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const notFields = new Set(['hidden', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image'])
    return [...document.querySelectorAll('input, select, textarea')]
      .filter((field) => !(field instanceof HTMLInputElement && notFields.has(field.type)))
      .filter((field) => !field.getAttribute('autocomplete')?.trim())
      .map((field) => `${field.tagName.toLowerCase()}#${field.id || (field as HTMLInputElement).name}`)
  })
}

async function expectAutocomplete(fields: Array<[Locator, string]>) {
  for (const [field, token] of fields) await expect(field).toHaveAttribute('autocomplete', token)
}

/** The desktop forms checked in `language` (they take turns with it, ADR 0099). */
function languageForms(language: 'en' | 'zh'): string {
  const forms = [
    'two-step sign-in',
    'sign-up: first step, details, questionnaire',
    'reset: e-mail, phone and code',
    'reset: the new password',
    'demo booking',
  ]
  return forms.filter((_, turn) => takesTurn(turn, language)).join('; ')
}

// The forms take turns with the language (ADR 0099): each runs in one, both languages run.
for (const language of LANGUAGES) {
  const T = TEXT[language]
  const S = SIGN_UP[language]

  test.describe(`autocomplete (${language})`, () => {
    // One browser context walks this language's forms (a fresh context per form cost its setup and
    // a cold cache, ADR 0096); each step opens its page and names the form that fails.
    test(`every form's fields say what they hold: ${languageForms(language)}`, async ({ page }) => {
      // A sign-up walks three forms, with a link from the outbox: longer than one page's budget.
      test.setTimeout(240_000)
      if (takesTurn(0, language))
        await test.step('two-step sign-in: the e-mail stays as a read-only username beside the password', async () => {
          const email = await createAccount(`autofill-${language}`, FIXTURE_PASSWORD)
          await page.goto(inLanguage('/auth/sign_in', language))
          const emailField = page.getByLabel(T.common.signIn.email)
          await expect(emailField).toHaveAttribute('autocomplete', 'username')
          expect(await unnamedFields(page)).toEqual([])
          await emailField.fill(email)
          await page.getByRole('button', { name: T.common.signIn.continue }).click()

          const password = page.getByLabel(T.common.signIn.password, { exact: true })
          await expect(password).toHaveAttribute('autocomplete', 'current-password')
          const form = page.locator('form').filter({ has: password })
          const username = form.getByLabel(T.common.signIn.email)
          await expect(username, 'the e-mail is still in the form of the password').toHaveValue(email)
          await expect(username).toHaveAttribute('autocomplete', 'username')
          await expect(username).not.toBeEditable()
          expect(await unnamedFields(page)).toEqual([])
        })

      // One sign-up walks its three forms (ADR 0096: the first step was a test of its own).
      if (takesTurn(1, language))
        await test.step('sign-up: the first step, the details step and the questionnaire', async () => {
          const email = uniqueEmail(`autofill-setup-${language}`)
          await page.goto(inLanguage('/auth/sign_up', language))
          await expectAutocomplete([
            [page.getByLabel(S.s.credentials.email), 'email'],
            [page.getByLabel(S.s.credentials.password, { exact: true }), 'new-password'],
          ])
          expect(await unnamedFields(page)).toEqual([])
          await startSignUp(page, S, email)
          await openLink(page, email)
          await expect(page.getByRole('heading', { name: S.s.setup.title })).toBeVisible()
          await expectAutocomplete([
            [page.getByLabel(S.s.setup.firstName), 'given-name'],
            [page.getByLabel(S.s.setup.lastName), 'family-name'],
            [page.getByLabel(S.s.setup.company), 'organization'],
            [page.getByLabel(S.s.setup.jobTitle), 'organization-title'],
            [page.getByLabel(S.s.setup.areaCode), 'tel-country-code'],
            [page.getByLabel(S.s.setup.phone), 'tel-national'],
          ])
          expect(await unnamedFields(page)).toEqual([])
          await submitSetup(page, S, 'Analytical Engines', '81234567')
          await expect(page.getByRole('heading', { name: S.s.questionnaire.title })).toBeVisible()
          expect(await unnamedFields(page)).toEqual([])
        })

      if (takesTurn(0, language))
        await test.step('reset: e-mail, phone and code', async () => {
          const phone = uniquePhone()
          await createAccount(`autofill-reset-${language}`, FIXTURE_PASSWORD, {
            areaCode: '86',
            number: phone,
          })
          await page.goto(inLanguage('/auth/reset', language))
          await expect(page.getByLabel(T.reset.email)).toHaveAttribute('autocomplete', 'username')
          expect(await unnamedFields(page)).toEqual([])
          await page.getByRole('radio', { name: T.reset.viaPhone }).check()
          await expectAutocomplete([
            [page.getByLabel(T.reset.areaCode), 'tel-country-code'],
            [page.getByLabel(T.reset.phone), 'tel-national'],
          ])
          expect(await unnamedFields(page)).toEqual([])
          await page.getByLabel(T.reset.areaCode).selectOption('86')
          await page.getByLabel(T.reset.phone).fill(phone)
          await page.getByRole('button', { name: T.reset.sendCode }).click()
          await expect(page.getByRole('textbox', { name: T.reset.code, exact: true })).toHaveAttribute(
            'autocomplete',
            'one-time-code',
          )
          expect(await unnamedFields(page)).toEqual([])
        })

      if (takesTurn(1, language))
        await test.step('reset: the new password', async () => {
          await openResetLinkOfNewAccount(page, language, `autofill-link-${language}`)
          await expectAutocomplete([
            [page.getByLabel(T.reset.newPassword, { exact: true }), 'new-password'],
            [page.getByLabel(T.reset.confirmPassword), 'new-password'],
          ])
          expect(await unnamedFields(page)).toEqual([])
        })

      if (takesTurn(0, language))
        await test.step('demo booking', async () => {
          await page.goto(inLanguage('/auth/demo', language))
          await expectAutocomplete([
            [page.getByLabel(T.demo.fullName), 'name'],
            [page.getByLabel(T.demo.email), 'email'],
            [page.getByLabel(T.demo.company), 'organization'],
            [page.getByLabel(T.demo.jobTitle), 'organization-title'],
            [page.getByLabel(T.demo.areaCode), 'tel-country-code'],
            [page.getByLabel(T.demo.phone), 'tel-national'],
          ])
          expect(await unnamedFields(page)).toEqual([])
        })
    })
  })

  test.describe(`autocomplete on a phone (${language})`, () => {
    test.use({ ...PHONE })
    if (takesTurn(1, language))
      test('one-page sign-up', async ({ page }) => {
        await page.goto(inLanguage('/auth/sign_up', language))
        await expectAutocomplete([
          [page.getByLabel(S.s.credentials.email), 'email'],
          [page.getByLabel(S.s.credentials.password, { exact: true }), 'new-password'],
          [page.getByLabel(S.s.credentials.fullName), 'name'],
          [page.getByLabel(S.s.credentials.company), 'organization'],
          [page.getByLabel(S.s.credentials.areaCode), 'tel-country-code'],
          [page.getByLabel(S.s.credentials.phone), 'tel-national'],
        ])
        expect(await unnamedFields(page)).toEqual([])
      })
  })
}
