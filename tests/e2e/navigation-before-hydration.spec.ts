import { expect, test } from '@playwright/test'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import enSignUp from '../../shared/i18n/locales/en/signUp.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import { hydrated, inLanguage, LANGUAGES } from './frame-helpers.ts'
import { holdChunkWith } from './hold-chunk.ts'

// A chunk the page asks for late (sign-up's schemas load on the first input) may still be in a
// route handler when the test ends; its answer no longer matters then.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

const TEXT = { en: { common: enCommon, reset: enReset }, zh: { common: zhCommon, reset: zhReset } } as const

// A slow phone: the client router is running, but the first page's translations are still on
// their way, so hydration has not finished when the visitor taps a link. The next page must still
// get its language, session and texts from the server (client/pages/+onCreatePageContext.server.ts).
for (const language of LANGUAGES) {
  test(`a link tapped before hydration finished opens the next page in ${language}`, async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    // Hold back the sign-in page's own translation chunk (the one holding its "forgot password" text).
    const chunk = await holdChunkWith(
      page,
      JSON.stringify(TEXT[language].common.signIn.forgotPassword).slice(1, -1),
    )
    await page.goto(inLanguage('/auth/sign_in', language), { waitUntil: 'commit' })
    await expect.poll(chunk.held, { message: 'the translation chunk was requested' }).toBe(true)
    await page.getByTestId('forgot-password').click()
    chunk.release()
    await expect(page).toHaveURL(/\/auth\/reset/)
    await expect(page.getByRole('heading', { level: 1, name: TEXT[language].reset.title })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en')
    expect(errors).toEqual([])
  })
}

// The same slow phone on the sign-up form: what the visitor typed while the scripts were loading
// must survive hydration and the next render (ticking the privacy box re-renders the form).
test('what is typed into sign-up before hydration finished is kept', async ({ page }) => {
  const chunk = await holdChunkWith(page, enSignUp.credentials.title)
  await page.goto('/auth/sign_up', { waitUntil: 'commit' })
  await expect.poll(chunk.held, { message: 'the sign-up translations were requested' }).toBe(true)
  await page.getByLabel(enSignUp.credentials.email).fill('early@example.com')
  await page.getByLabel(enSignUp.credentials.password, { exact: true }).fill('Early-Typist42')
  await page.locator('#sign-up-privacy').check()
  chunk.release()
  await hydrated(page)
  await expect(page.getByText(enSignUp.credentials.title)).toBeVisible()
  // Typing re-renders the form from its state: the early tick must be in that state too.
  await page.getByLabel(enSignUp.credentials.email).press('End')
  await page.getByLabel(enSignUp.credentials.email).pressSequentially('m')
  await expect(page.getByLabel(enSignUp.credentials.email)).toHaveValue('early@example.comm')
  await expect(page.getByLabel(enSignUp.credentials.password, { exact: true })).toHaveValue('Early-Typist42')
  await expect(page.locator('#sign-up-privacy')).toBeChecked()
})

// And on the reset page: the way chosen before hydration (a text message) is the way shown after.
test('the reset method chosen before hydration finished is kept', async ({ page }) => {
  const chunk = await holdChunkWith(page, JSON.stringify(enReset.viaPhone).slice(1, -1))
  await page.goto('/auth/reset', { waitUntil: 'commit' })
  await expect.poll(chunk.held, { message: 'the reset translations were requested' }).toBe(true)
  await page.getByRole('radio', { name: enReset.viaPhone }).check()
  chunk.release()
  await hydrated(page)
  await expect(page.getByLabel(enReset.areaCode)).toBeVisible()
  await expect(page.getByRole('radio', { name: enReset.viaPhone })).toBeChecked()
})

// The demo booking on a slow phone (issue 21: nothing typed is lost before the scripts load).
test('what is typed into the demo booking before hydration finished is kept', async ({ page }) => {
  const chunk = await holdChunkWith(page, enDemo.intro)
  await page.goto('/auth/demo', { waitUntil: 'commit' })
  await expect.poll(chunk.held, { message: 'the demo translations were requested' }).toBe(true)
  await page.locator('#demo-fullName').fill('Early Bird')
  await page.locator('#demo-email').fill('early-demo@example.com')
  await page.getByRole('checkbox', { name: enDemo.product.chatbot }).check()
  chunk.release()
  await hydrated(page)
  // Typing re-renders the form from its state: the early values must be in that state too.
  await page.locator('#demo-company').pressSequentially('Early Ltd')
  await expect(page.locator('#demo-fullName')).toHaveValue('Early Bird')
  await expect(page.locator('#demo-email')).toHaveValue('early-demo@example.com')
  await expect(page.getByRole('checkbox', { name: enDemo.product.chatbot })).toBeChecked()
})
