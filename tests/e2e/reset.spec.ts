import { expect, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enErrors from '../../shared/i18n/locales/en/errors.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhErrors from '../../shared/i18n/locales/zh/errors.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import { linkFragmentId } from '../support/outbox.ts'
import { inLanguage, LANGUAGES, PHONE, checkedScreen as screenshot, takesTurn } from './frame-helpers.ts'
import { accountInfo, createAccount, outbox, uniquePhone } from './sandbox.ts'
import { signInThroughApi } from './session.ts'

const TEXT = {
  en: { reset: enReset, common: enCommon, errors: enErrors },
  zh: { reset: zhReset, common: zhCommon, errors: zhErrors },
} as const
const NEW_PASSWORD = 'Fresh-Start42'

// The tests take turns with the language (ADR 0099): each runs in one, both languages run.
for (const language of LANGUAGES) {
  const T = TEXT[language]

  test.describe(`password reset (${language})`, () => {
    if (takesTurn(0, language))
      test('by e-mail link: forgot link, request, link, rule, confirm, new-must-differ, updated page', async ({
        page,
        browser,
      }) => {
        // The whole journey with four accessibility scans: longer than one page's budget.
        test.setTimeout(240_000)
        const email = await createAccount(`link-${language}`, FIXTURE_PASSWORD)
        // Another browser is signed in to the account: the reset must end that session.
        const other = await browser.newContext()
        const otherPage = await other.newPage()
        await otherPage.goto('/auth/sign_in')
        expect(await signInThroughApi(otherPage, email, FIXTURE_PASSWORD)).toBe('000000')
        expect((await accountInfo(email)).liveTokens).toBe(1)

        await page.goto(inLanguage('/auth/sign_in', language))
        await page.getByTestId('forgot-password').click()
        await expect(page).toHaveURL(/\/auth\/reset/)
        await expect(page.getByRole('heading', { name: T.reset.title })).toBeVisible()
        await screenshot(page, `reset-request-${language}-desktop`)
        await page.getByLabel(T.reset.email).fill('not-an-email')
        await page.getByRole('button', { name: T.reset.sendLink }).click()
        await expect(page.locator('#reset-email-error')).toHaveText(T.common.validation.email)
        await page.getByLabel(T.reset.email).fill(email)
        await page.getByRole('button', { name: T.reset.sendLink }).click()
        await expect(page.getByRole('heading', { name: T.reset.sentTitle })).toBeVisible()
        await expect(
          page.getByRole('heading', { name: T.reset.sentTitle }),
          'focus follows the step',
        ).toBeFocused()
        const resend = page.getByTestId('reset-resend')
        await expect(resend).toBeDisabled()
        await expect(resend).toHaveText(/\d+/)
        await screenshot(page, `reset-sent-${language}-desktop`)

        const [message] = await outbox(email, 'reset-link')
        expect(message?.link).toBeTruthy()
        // Opened from the mail: a fresh load, not a jump within the page that asked for it.
        await page.goto('about:blank')
        const response = await page.goto(message?.link ?? '')
        expect(response?.headers()['referrer-policy']).toBe('no-referrer')
        const id = linkFragmentId(message?.link ?? '')
        expect(id).toBeTruthy()
        expect(await response?.text(), 'the link id never reaches the server').not.toContain(id)
        await expect(page.getByTestId('reset-account')).toContainText(email)
        const password = page.getByLabel(T.reset.newPassword, { exact: true })
        const confirm = page.getByLabel(T.reset.confirmPassword)
        const save = page.getByRole('button', { name: T.reset.save })

        await password.fill('weakpass')
        await confirm.fill('weakpass')
        await save.click()
        await expect(page.locator('#reset-password-error')).toHaveText(T.common.validation.passwordFormat)
        await password.fill(NEW_PASSWORD)
        await confirm.fill('Other-Pass42')
        await save.click()
        await expect(page.locator('#reset-confirm-error')).toHaveText(T.common.validation.passwordsDiffer)
        await password.fill(FIXTURE_PASSWORD)
        await confirm.fill(FIXTURE_PASSWORD)
        await save.click()
        await expect(page.locator('#reset-password-error')).toHaveText(T.errors.code['700490'])
        await screenshot(page, `reset-new-password-${language}-desktop`)

        await password.fill(NEW_PASSWORD)
        await confirm.fill(NEW_PASSWORD)
        await save.click()
        await expect(page.getByRole('heading', { name: T.reset.doneTitle })).toBeVisible()
        await expect(page).toHaveURL(/\/auth\/reset\/done/)
        await screenshot(page, `reset-done-${language}-desktop`)

        // Nobody was signed in by the reset, and the other browser's session has ended.
        await page.getByTestId('reset-done').getByRole('link', { name: T.reset.signIn }).click()
        await expect(page.getByLabel(T.common.signIn.email)).toBeVisible()
        expect((await accountInfo(email)).liveTokens).toBe(0)
        expect(await signInThroughApi(page, email, FIXTURE_PASSWORD)).toBe('700211')
        expect(await signInThroughApi(page, email, NEW_PASSWORD)).toBe('000000')
        await other.close()
      })

    if (takesTurn(1, language))
      test('by texted code: wrong code, reload keeps the step, paste, new password', async ({ page }) => {
        const phone = uniquePhone()
        const email = await createAccount(`code-${language}`, FIXTURE_PASSWORD, {
          areaCode: '86',
          number: phone,
        })
        await page.goto(inLanguage('/auth/reset', language))
        await page.getByRole('radio', { name: T.reset.viaPhone }).check()
        await page.getByLabel(T.reset.areaCode).selectOption('86')
        await page.getByLabel(T.reset.phone).fill('1380013')
        await page.getByRole('button', { name: T.reset.sendCode }).click()
        await expect(page.locator('#reset-phone-error')).toHaveText(T.common.validation.chinaMobile)
        await page.getByLabel(T.reset.phone).fill(phone)
        await page.getByRole('button', { name: T.reset.sendCode }).click()
        await expect(page.getByRole('heading', { name: T.reset.codeTitle })).toBeVisible()

        await page.reload()
        await expect(page.getByRole('heading', { name: T.reset.codeTitle })).toBeVisible()
        await expect(page.getByTestId('reset-resend')).toBeDisabled()
        const code = (await outbox(phone, 'reset-code')).at(-1)?.code ?? ''
        expect(code).toMatch(/^\d{6}$/)
        const input = page.getByLabel(T.reset.code, { exact: true })
        await input.fill(code === '000000' ? '111111' : '000000')
        await page.getByRole('button', { name: T.reset.verify }).click()
        await expect(page.locator('#reset-code-error')).toHaveText(T.reset.codeWrong)
        await screenshot(page, `reset-code-${language}-desktop`)
        await input.fill(`${code.slice(0, 3)} ${code.slice(3)}`)
        await expect(input).toHaveValue(code)
        await page.getByRole('button', { name: T.reset.verify }).click()
        await expect(page.getByTestId('reset-account')).toContainText(phone)

        await page.reload()
        await expect(page.getByTestId('reset-account')).toContainText(phone)
        await page.getByLabel(T.reset.newPassword, { exact: true }).fill(NEW_PASSWORD)
        await page.getByLabel(T.reset.confirmPassword).fill(NEW_PASSWORD)
        await page.getByRole('button', { name: T.reset.save }).click()
        await expect(page.getByRole('heading', { name: T.reset.doneTitle })).toBeVisible()
        expect(await signInThroughApi(page, email, NEW_PASSWORD)).toBe('000000')
      })

    if (takesTurn(1, language))
      test('an expired or used link leads to the link-expired page and a new request', async ({ page }) => {
        const response = await page.goto(`${inLanguage('/auth/reset', language)}#id=made-up-link-id`)
        expect(response?.headers()['referrer-policy']).toBe('no-referrer')
        await expect(page.getByRole('heading', { name: T.reset.expiredTitle })).toBeVisible()
        await screenshot(page, `reset-expired-${language}-desktop`)
        await page.getByRole('button', { name: T.reset.requestNew }).click()
        await expect(page.getByRole('heading', { name: T.reset.title })).toBeVisible()
        await expect(page).not.toHaveURL(/id=/)
      })

    if (takesTurn(0, language))
      test('an unknown address sees the same answer; the resend waits out its countdown', async ({
        page,
      }) => {
        await page.clock.install()
        await page.goto(inLanguage('/auth/reset', language))
        await page.getByLabel(T.reset.email).fill(`nobody-${Date.now()}@sandbox.test`)
        await page.getByRole('button', { name: T.reset.sendLink }).click()
        await expect(page.getByRole('heading', { name: T.reset.sentTitle })).toBeVisible()
        const resend = page.getByTestId('reset-resend')
        await expect(resend).toBeDisabled()
        await page.clock.runFor(61_000)
        await expect(resend).toBeEnabled()
        await expect(resend).toHaveText(T.reset.resend)
        // The upstream's own minute (real time) is not over: it says so, and the countdown starts again.
        await resend.click()
        await expect(page.getByRole('alert').filter({ hasText: T.errors.code['700631'] })).toBeVisible()
        await expect(resend).toBeDisabled()
      })
  })

  test.describe(`password reset on a phone (${language})`, () => {
    test.use(PHONE)
    if (takesTurn(1, language))
      test('the code input brings up the numeric keypad and takes a pasted code', async ({ page }) => {
        const phone = uniquePhone()
        await createAccount(`phone-${language}`, FIXTURE_PASSWORD, { areaCode: '86', number: phone })
        await page.goto(inLanguage('/auth/reset', language))
        await screenshot(page, `reset-request-${language}-phone`)
        await page.getByRole('radio', { name: T.reset.viaPhone }).check()
        await page.getByLabel(T.reset.areaCode).selectOption('86')
        await page.getByLabel(T.reset.phone).fill(phone)
        await page.getByRole('button', { name: T.reset.sendCode }).click()
        const input = page.getByLabel(T.reset.code, { exact: true })
        await expect(input).toHaveAttribute('inputmode', 'numeric')
        await expect(input).toHaveAttribute('autocomplete', 'one-time-code')
        await screenshot(page, `reset-code-${language}-phone`)
        const code = (await outbox(phone, 'reset-code')).at(-1)?.code ?? ''
        await input.fill(code)
        await page.getByRole('button', { name: T.reset.verify }).click()
        await expect(page.getByRole('heading', { name: T.reset.newTitle })).toBeVisible()
        await page.getByLabel(T.reset.newPassword, { exact: true }).fill('abc')
        await screenshot(page, `reset-new-password-${language}-phone`)
      })
  })
}

test('the password-updated page and the reset page send no Referer', async ({ request }) => {
  for (const path of ['/auth/reset', '/auth/reset/done', '/auth/reset?language=zh']) {
    const response = await request.get(path)
    expect(response.headers()['referrer-policy'], path).toBe('no-referrer')
  }
  const signIn = await request.get('/auth/sign_in')
  expect(signIn.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
})
