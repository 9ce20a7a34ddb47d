import { type Browser, expect, type Page, test } from '@playwright/test'
import { DEMO_ACCOUNT, FIXTURE_PASSWORD, MULTI_ENV_ACCOUNT } from '../../sandbox/fixtures.ts'
import enCaptcha from '../../shared/i18n/locales/en/captcha.ts'
import zhCaptcha from '../../shared/i18n/locales/zh/captcha.ts'
import {
  DESKTOP,
  expectAxeClean,
  inLanguage,
  keepScreenshot,
  LANGUAGES,
  PHONE,
  takesTurn,
} from './frame-helpers.ts'
import { holdChunkWith } from './hold-chunk.ts'
import { createAccount, sandboxUrl } from './sandbox.ts'
import { STEPS_TEXT } from './sign-in-steps-helpers.ts'

// Issue 21: sign-in works with JavaScript off — each step is a form the server answers with the
// next step's page (server/routes/sign-in-form.server.ts) — and a step posted before the scripts
// ran loses nothing.

// A chunk asked for late may still be in a route handler when the test ends: its answer no longer
// matters then (as in navigation-before-hydration.spec.ts).
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

const DEVICES = { desktop: DESKTOP, phone: PHONE } as const
const CAPTCHA = { en: enCaptcha, zh: zhCaptcha } as const

/**
 * A throwaway account whose sign-in asks for a captcha from the first try (the sandbox's
 * `captchaAfter`): no test shares `captcha@sandbox.test`'s count of wrong passwords.
 */
async function captchaAccount(prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@sandbox.test`
  const response = await fetch(`${sandboxUrl()}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: FIXTURE_PASSWORD, captchaAfter: 0 }),
  })
  expect(response.status, await response.text()).toBe(201)
  return email
}

/**
 * axe on a page shown without JavaScript: axe itself is a script, so it runs on a copy of the
 * page's HTML (its own scripts left out, its styles kept) in a context that runs scripts.
 */
async function expectAxeCleanWithoutScripts(browser: Browser, page: Page, label: string) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  const context = await browser.newContext({ javaScriptEnabled: true })
  const copy = await context.newPage()
  await copy.goto('/healthz')
  await copy.setContent(html, { waitUntil: 'load' })
  await expect(copy.locator('main h1'), 'the copy holds the page').toHaveCount(1)
  await expectAxeClean(copy, label, 'content')
  await context.close()
}

/** The sum the page's question asks for ("What is 3 plus 4?" / "3 加 4 等于多少？"). */
async function answerOf(page: Page): Promise<string> {
  const question = (await page.locator('label[for="sign-in-captcha-answer"]').textContent()) ?? ''
  const [a, b] = question.match(/\d+/g)?.map(Number) ?? []
  return String((a ?? 0) + (b ?? 0))
}
/** Stays on this site after the sign-in (else the environment's console opens). */
const RETURN_HERE = `return=${encodeURIComponent('/auth/sign_in')}`

for (const language of LANGUAGES) {
  const T = STEPS_TEXT[language].common
  const withReturn = (path: string) => {
    const url = inLanguage(path, language)
    return `${url}${url.includes('?') ? '&' : '?'}${RETURN_HERE}`
  }

  // Each device in one language, taking turns; so do the two tests after (ADR 0099).
  for (const [device, options] of Object.entries(DEVICES).filter((_, turn) => takesTurn(turn, language))) {
    test.describe(`sign-in without JavaScript · ${language} ${device}`, () => {
      test.use({ ...options, javaScriptEnabled: false })

      test('the demo account signs in', async ({ page }) => {
        const response = await page.goto(withReturn('/auth/sign_in'))
        // <noscript> is parsed as text here (scripts off by Playwright): checked in the HTML.
        const html = (await response?.text()) ?? ''
        expect(html, 'no "needs JavaScript" any more').not.toMatch(/needs JavaScript|需要 JavaScript/)
        // An unknown address: the same step again, the message at the field, the address kept.
        const unknown = `nobody-${language}-${device}@sandbox.test`
        await page.getByLabel(T.signIn.email).fill(unknown)
        await page.getByRole('button', { name: T.signIn.continue }).click()
        await expect(page.getByTestId('error-email')).toBeVisible()
        await expect(page.getByLabel(T.signIn.email)).toHaveValue(unknown)
        await keepScreenshot(page, {
          path: `.cache/screens/sign-in-no-script-error-${language}-${device}.png`,
          fullPage: true,
        })
        await page.getByLabel(T.signIn.email).fill(DEMO_ACCOUNT.email)
        await page.getByRole('button', { name: T.signIn.continue }).click()
        await expect(page.getByLabel(T.signIn.email)).toHaveValue(DEMO_ACCOUNT.email)
        const password = page.getByLabel(T.signIn.password, { exact: true })
        await expect(password).toHaveValue('')
        await password.fill(DEMO_ACCOUNT.password)
        await page.getByRole('button', { name: T.signIn.submit }).click()
        await expect(page.getByTestId('signed-in')).toContainText(DEMO_ACCOUNT.email)
        await expect(page).toHaveURL(/\/auth\/sign_in/)
      })

      test('an account that asks for a captcha answers the sandbox’s question', async ({ page, browser }) => {
        const C = CAPTCHA[language]
        const email = await captchaAccount(`captcha-no-script-${language}-${device}`)
        await page.goto(withReturn('/auth/sign_in'))
        await page.getByLabel(T.signIn.email).fill(email)
        await page.getByRole('button', { name: T.signIn.continue }).click()
        // The question is in the server's page: no widget, no "needs JavaScript".
        const asked = new RegExp(C.question.replace(/[?.*+()[\]]/g, '\\$&').replace(/\{\{[ab]\}\}/g, '\\d+'))
        await expect(page.getByRole('group', { name: C.legend }).getByLabel(asked)).toBeVisible()
        await expect(page.getByTestId('captcha-needs-script')).toHaveCount(0)
        // The password without an answer: the same step, "complete the check" at the captcha.
        await page.getByLabel(T.signIn.password, { exact: true }).fill(FIXTURE_PASSWORD)
        await page.getByRole('button', { name: T.signIn.submit }).click()
        await expect(page.getByTestId('error-captcha')).toHaveText(T.validation.captcha)
        await expect(page.getByLabel(T.signIn.password, { exact: true }), 'never filled back').toHaveValue('')
        await keepScreenshot(page, {
          path: `.cache/screens/sign-in-no-script-captcha-${language}-${device}.png`,
          fullPage: true,
        })
        await expectAxeCleanWithoutScripts(browser, page, 'the captcha without JavaScript, with an error')
        // A wrong answer: the upstream's word at the captcha.
        await page.getByLabel(T.signIn.password, { exact: true }).fill(FIXTURE_PASSWORD)
        await page.locator('#sign-in-captcha-answer').fill(String(Number(await answerOf(page)) + 1))
        await page.getByRole('button', { name: T.signIn.submit }).click()
        await expect(page.getByTestId('error-captcha')).toBeVisible()
        await expect(page.getByTestId('signed-in')).toHaveCount(0)
        // Answered: signed in.
        await page.getByLabel(T.signIn.password, { exact: true }).fill(FIXTURE_PASSWORD)
        await page.locator('#sign-in-captcha-answer').fill(await answerOf(page))
        await page.getByRole('button', { name: T.signIn.submit }).click()
        await expect(page.getByTestId('signed-in')).toContainText(email)
      })

      test('an old password: the reminder, "change now" as a plain form, then on', async ({
        page,
        browser,
      }) => {
        const S = STEPS_TEXT[language].steps
        const oldPassword = 'Aged-Password1'
        const newPassword = 'Fresh-Password2'
        const email = await createAccount(`aged-no-script-${language}-${device}`, oldPassword, undefined, 120)
        await page.goto(withReturn('/auth/sign_in'))
        await page.getByLabel(T.signIn.email).fill(email)
        await page.getByRole('button', { name: T.signIn.continue }).click()
        await page.getByLabel(T.signIn.password, { exact: true }).fill(oldPassword)
        await page.getByRole('button', { name: T.signIn.submit }).click()
        // The reminder, as the page's scripts show it, before the sign-in goes on.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(S.reminderTitle)
        await expect(page.getByText(S.reminderText)).toBeVisible()
        await keepScreenshot(page, {
          path: `.cache/screens/sign-in-no-script-reminder-${language}-${device}.png`,
          fullPage: true,
        })
        await expectAxeCleanWithoutScripts(browser, page, 'the reminder without JavaScript')
        await page.getByRole('button', { name: S.changeNow }).click()
        await expect(page.getByRole('heading', { name: S.changeTitle })).toBeVisible()
        const current = page.getByLabel(S.currentPassword, { exact: true })
        const fresh = page.getByLabel(S.newPassword, { exact: true })
        const confirm = page.getByLabel(S.confirmPassword, { exact: true })
        // A wrong current password: the same form, the message at that field, nothing filled back.
        await current.fill('Not-The-One1')
        await fresh.fill(newPassword)
        await confirm.fill(newPassword)
        await page.getByRole('button', { name: S.changeSave, exact: true }).click()
        await expect(page.locator('#change-current-error')).toBeVisible()
        for (const field of [current, fresh, confirm]) await expect(field).toHaveValue('')
        await keepScreenshot(page, {
          path: `.cache/screens/sign-in-no-script-change-error-${language}-${device}.png`,
          fullPage: true,
        })
        await expectAxeCleanWithoutScripts(
          browser,
          page,
          'the change-password form without JavaScript, with an error',
        )
        await current.fill(oldPassword)
        await fresh.fill(newPassword)
        await confirm.fill(newPassword)
        await page.getByRole('button', { name: S.changeSave, exact: true }).click()
        // On to where the sign-in was going (here the return path: the signed-in card).
        await expect(page.getByTestId('signed-in')).toContainText(email)
        await expect(page).toHaveURL(/\/auth\/sign_in/)
      })

      test('an old password: "later" goes on to the console', async ({ page }) => {
        const S = STEPS_TEXT[language].steps
        const email = await createAccount(
          `aged-later-${language}-${device}`,
          FIXTURE_PASSWORD,
          undefined,
          120,
        )
        await page.goto(inLanguage('/auth/sign_in', language))
        await page.getByLabel(T.signIn.email).fill(email)
        await page.getByRole('button', { name: T.signIn.continue }).click()
        await page.getByLabel(T.signIn.password, { exact: true }).fill(FIXTURE_PASSWORD)
        await page.getByRole('button', { name: T.signIn.submit }).click()
        await page.getByRole('button', { name: S.later, exact: true }).click()
        // The console stand-in, opened for this session (a fresh hand-over).
        await page.waitForURL(/\/__sandbox\/console/)
        await expect(page.locator('body')).toContainText(email)
      })

      test('an account in several environments picks one, then signs in', async ({ page }) => {
        await page.goto(withReturn('/auth/sign_in'))
        await page.getByLabel(T.signIn.email).fill(MULTI_ENV_ACCOUNT.email)
        await page.getByRole('button', { name: T.signIn.continue }).click()
        await page.getByRole('radio', { name: T.environments['us-k8s'], exact: true }).check()
        await keepScreenshot(page, {
          path: `.cache/screens/sign-in-no-script-picker-${language}-${device}.png`,
          fullPage: true,
        })
        await page.getByRole('button', { name: T.signIn.continue }).click()
        await keepScreenshot(page, {
          path: `.cache/screens/sign-in-no-script-password-${language}-${device}.png`,
          fullPage: true,
        })
        await page.getByLabel(T.signIn.password, { exact: true }).fill(MULTI_ENV_ACCOUNT.password)
        await page.getByRole('button', { name: T.signIn.submit }).click()
        await expect(page.getByTestId('signed-in')).toContainText(MULTI_ENV_ACCOUNT.email)
      })
    })
  }

  if (takesTurn(0, language))
    test(`the captcha answered before the scripts ran loses nothing (${language})`, async ({ page }) => {
      const C = CAPTCHA[language]
      const email = await captchaAccount(`captcha-early-${language}`)
      // Every load of the sign-in page's entry is held: the e-mail and the page it answers with
      // (the password and the server's question) stay plain forms until release.
      let release: () => void = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/auth/_next/assets/entries/*sign_in*.js', async (route) => {
        await released
        await route.continue().catch(() => {})
      })
      await page.goto(withReturn('/auth/sign_in'), { waitUntil: 'commit' })
      await page.getByLabel(T.signIn.email).fill(email)
      await page.getByRole('button', { name: T.signIn.continue }).click()
      const answer = page.locator('#sign-in-captcha-answer')
      await expect(answer).toBeVisible()
      await page.getByLabel(T.signIn.password, { exact: true }).fill(FIXTURE_PASSWORD)
      const sum = await answerOf(page)
      await answer.fill(sum)
      release()
      await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
      // The widget took over with the same question and what was typed into it.
      const question = page.getByRole('group', { name: C.legend })
      await expect(question.getByRole('textbox')).toHaveValue(sum)
      await expect(page.getByLabel(T.signIn.password, { exact: true })).toHaveValue(FIXTURE_PASSWORD)
      await question.getByRole('button', { name: C.check }).click()
      await expect(page.getByText(C.solved)).toBeVisible()
      await page.getByRole('button', { name: T.signIn.submit }).click()
      await expect(page.getByTestId('signed-in')).toContainText(email)
    })

  if (takesTurn(1, language))
    test(`the e-mail step posted before the scripts ran loses nothing (${language})`, async ({ page }) => {
      // The sign-in page's own script (its entry) is held back: the click posts the plain form.
      const chunk = await holdChunkWith(
        page,
        '',
        '**/auth/_next/assets/entries/client_pages_auth_sign_in_client.*.js',
      )
      await page.goto(withReturn('/auth/sign_in'), { waitUntil: 'commit' })
      await expect.poll(chunk.held, { message: 'the page’s chunk was requested' }).toBe(true)
      await page.getByLabel(T.signIn.email).fill(DEMO_ACCOUNT.email)
      const posted = page.waitForRequest((request) => request.method() === 'POST')
      await page.getByRole('button', { name: T.signIn.continue }).click()
      expect(new URL((await posted).url()).pathname, 'a plain post, not a fetch call').toBe('/auth/sign_in')
      chunk.release()
      // The server ran the step: the password is asked for, the address is still there.
      await expect(page.getByLabel(T.signIn.email)).toHaveValue(DEMO_ACCOUNT.email)
      await page.getByLabel(T.signIn.password, { exact: true }).fill(DEMO_ACCOUNT.password)
      await page.getByRole('button', { name: T.signIn.submit }).click()
      await expect(page.getByTestId('signed-in')).toContainText(DEMO_ACCOUNT.email)
    })
}
