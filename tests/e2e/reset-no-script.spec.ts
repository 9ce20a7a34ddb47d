import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import { DESKTOP, hydrated, inLanguage, keepScreenshot, LANGUAGES, PHONE } from './frame-helpers.ts'
import { holdChunkWith } from './hold-chunk.ts'
import { createAccount, outbox, uniquePhone } from './sandbox.ts'

// Issue 21: the password reset with JavaScript off — every step a form the server answers with
// the next page — and a request posted before the scripts ran loses nothing typed.

const TEXT = { en: { reset: enReset, common: enCommon }, zh: { reset: zhReset, common: zhCommon } } as const
const NEW_PASSWORD = 'No-Script42'
const DEVICES = { desktop: DESKTOP, phone: PHONE } as const
/**
 * The desktop runs both ways in both languages; the phone each way in one language (the link in
 * Chinese, the code in English), so both ways and both languages still run on a phone. What the
 * phone changes here is its header and layout, not the forms' steps; these tests assert no layout
 * (ADR 0096; the phone's layout of these pages is checked in a11y.spec.ts and polish.spec.ts).
 */
const runsOn = (device: string, language: string, way: 'link' | 'code') =>
  device === 'desktop' || language === (way === 'link' ? 'zh' : 'en')

/** Whether the password signs the account in (a direct call: signing in is not under test here). */
async function signsIn(request: APIRequestContext, email: string, password: string): Promise<boolean> {
  // The sign-in flow's steps (its rows are flow-only); the request context keeps the cookie.
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Sec-Fetch-Site': 'same-origin' }
  const started = await request.post('/auth/sign_in/flow/email', { headers, data: { email } })
  if (((await started.json()) as { retCode: string }).retCode !== '000000') return false
  const answer = await request.post('/auth/sign_in/flow/password', { headers, data: { password } })
  return ((await answer.json()) as { retCode: string }).retCode === '000000'
}

async function setNewPassword(page: Page, T: (typeof TEXT)[keyof typeof TEXT]) {
  // A repetition that differs first: the same step comes back, the error at its field, nothing filled in.
  await page.getByLabel(T.reset.newPassword, { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel(T.reset.confirmPassword).fill('Something-Else42')
  await page.getByRole('button', { name: T.reset.save }).click()
  await expect(page.locator('#reset-confirm-error')).toHaveText(T.common.validation.passwordsDiffer)
  await expect(page.getByLabel(T.reset.newPassword, { exact: true })).toHaveValue('')
  await page.getByLabel(T.reset.newPassword, { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel(T.reset.confirmPassword).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: T.reset.save }).click()
  await expect(page.getByRole('heading', { name: T.reset.doneTitle })).toBeVisible()
}

for (const [device, options] of Object.entries(DEVICES)) {
  for (const language of LANGUAGES) {
    const T = TEXT[language]

    test.describe(`password reset without JavaScript · ${language} · ${device}`, () => {
      test.use({ ...options, javaScriptEnabled: false })

      if (runsOn(device, language, 'link'))
        test('by link: request, the link pasted, the new password signs in', async ({ page, request }) => {
          const email = await createAccount(`noscript-link-${language}`, FIXTURE_PASSWORD)
          const first = await page.goto(inLanguage('/auth/reset', language))
          expect(await first?.text(), 'no "needs JavaScript" any more').not.toContain('<noscript>')
          await page.getByLabel(T.reset.email).fill(email)
          await page.getByRole('button', { name: T.reset.sendLink }).click()
          await expect(page.getByRole('heading', { name: T.reset.sentTitle })).toBeVisible()
          // The resend's countdown is plain text with the time; the server refuses until then.
          const at = page.locator('.reset-resend').getByText(T.reset.resendLinkAt.split('{{time}}')[0] ?? '')
          await expect(at).toHaveText(/\d\d:\d\d/)
          const when = await at.innerText()
          await page.getByTestId('reset-resend').click()
          await expect(page.locator('#reset-wait-error')).toHaveText(when)
          await keepScreenshot(page, { path: `.cache/screens/reset-noscript-sent-${language}-${device}.png` })

          // The link opens the page, whose script would read its fragment: here the reset's step
          // comes from the session instead, and the link is pasted.
          const link = (await outbox(email, 'reset-link')).at(-1)?.link ?? ''
          expect(link).toContain('#id=')
          await page.goto(link)
          await expect(page.getByRole('heading', { name: T.reset.sentTitle })).toBeVisible()
          await page.getByLabel(T.reset.linkPasteLabel).fill(new URL(link, page.url()).href)
          await page.getByRole('button', { name: T.reset.linkPasteSubmit }).click()
          await expect(page.getByTestId('reset-account')).toContainText(email)
          await keepScreenshot(page, { path: `.cache/screens/reset-noscript-new-${language}-${device}.png` })
          await setNewPassword(page, T)
          await expect(page).toHaveURL(
            language === 'zh' ? /\/auth\/reset\/done\?language=zh$/ : /\/auth\/reset\/done$/,
          )
          expect(await signsIn(request, email, NEW_PASSWORD)).toBe(true)
        })

      if (runsOn(device, language, 'code'))
        test('by code: a wrong number and a wrong code come back at their fields, then done', async ({
          page,
          request,
        }) => {
          const phone = uniquePhone()
          const email = await createAccount(`noscript-code-${language}`, FIXTURE_PASSWORD, {
            areaCode: '86',
            number: phone,
          })
          await page.goto(inLanguage('/auth/reset', language))
          // Without scripts the radio button still switches the fields (CSS).
          await page.getByRole('radio', { name: T.reset.viaPhone }).check()
          await expect(page.getByLabel(T.reset.email)).toBeHidden()
          await page.getByLabel(T.reset.areaCode).selectOption('86')
          await page.getByLabel(T.reset.phone).fill('1380013')
          await page.getByRole('button', { name: T.reset.sendCode }).click()
          await expect(page.locator('#reset-phone-error')).toHaveText(T.common.validation.chinaMobile)
          await expect(page.getByLabel(T.reset.phone)).toHaveValue('1380013')
          await expect(page.getByRole('radio', { name: T.reset.viaPhone })).toBeChecked()
          await page.getByLabel(T.reset.phone).fill(phone)
          await page.getByRole('button', { name: T.reset.sendCode }).click()
          await expect(page.getByRole('heading', { name: T.reset.codeTitle })).toBeVisible()

          const code = (await outbox(phone, 'reset-code')).at(-1)?.code ?? ''
          const wrong = code === '000000' ? '111111' : '000000'
          await page.getByLabel(T.reset.code, { exact: true }).fill(wrong)
          await page.getByRole('button', { name: T.reset.verify }).click()
          await expect(page.locator('#reset-code-error')).toHaveText(T.reset.codeWrong)
          await expect(page.getByLabel(T.reset.code, { exact: true })).toHaveValue(wrong)
          await keepScreenshot(page, { path: `.cache/screens/reset-noscript-code-${language}-${device}.png` })
          await page.getByLabel(T.reset.code, { exact: true }).fill(code)
          await page.getByRole('button', { name: T.reset.verify }).click()
          await expect(page.getByTestId('reset-account')).toContainText(phone)
          await setNewPassword(page, T)
          expect(await signsIn(request, email, NEW_PASSWORD)).toBe(true)
        })
    })
  }
}

/**
 * A slow phone: the reset's scripts held back, the visitor picks the phone way, +86 and types
 * `phone` before they run. Answers the held chunk, to release when the test wants hydration.
 */
async function typePhoneBeforeScripts(page: Page, phone: string) {
  const T = TEXT.en
  const chunk = await holdChunkWith(page, JSON.stringify(enReset.viaPhone).slice(1, -1))
  await page.goto('/auth/reset', { waitUntil: 'commit' })
  await expect.poll(chunk.held, { message: 'the reset translations were requested' }).toBe(true)
  await page.getByRole('radio', { name: T.reset.viaPhone }).check()
  await page.getByLabel(T.reset.areaCode).selectOption('86')
  await page.getByLabel(T.reset.phone).fill(phone)
  return chunk
}

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test('a reset requested before the scripts ran: posted to the server, nothing typed lost', async ({
  page,
}) => {
  const T = TEXT.en
  const chunk = await typePhoneBeforeScripts(page, '1380013')
  // The tap comes before hydration: the browser posts the form itself.
  await page.getByRole('button', { name: T.reset.sendCode }).click()
  await expect(page).toHaveURL(/\/auth\/reset\?step=request$/)
  chunk.release()
  await hydrated(page)
  await expect(page.locator('#reset-phone-error')).toHaveText(T.common.validation.chinaMobile)
  await expect(page.getByRole('radio', { name: T.reset.viaPhone })).toBeChecked()
  await expect(page.getByLabel(T.reset.areaCode)).toHaveValue('86')
  await expect(page.getByLabel(T.reset.phone)).toHaveValue('1380013')
  // The hydrated page goes on from there with its scripts.
  await page.getByLabel(T.reset.phone).fill(uniquePhone())
  await page.getByRole('button', { name: T.reset.sendCode }).click()
  await expect(page.getByRole('heading', { name: T.reset.codeTitle })).toBeVisible()
  await expect(page.getByTestId('reset-resend')).toBeDisabled()
})

test('a phone number typed before the scripts ran, sent after: the hydrated page keeps it', async ({
  page,
}) => {
  const T = TEXT.en
  const chunk = await typePhoneBeforeScripts(page, '1380013')
  chunk.release()
  await hydrated(page)
  // Sent by the scripts now: the page's check sees the typed number (it said "required" before).
  await page.getByRole('button', { name: T.reset.sendCode }).click()
  await expect(page.locator('#reset-phone-error')).toHaveText(T.common.validation.chinaMobile)
  await expect(page.getByLabel(T.reset.phone)).toHaveValue('1380013')
})

test('with JavaScript the pasted link goes on in the page, without a reload', async ({ page }) => {
  const T = TEXT.en
  const email = await createAccount('pasted-link', FIXTURE_PASSWORD)
  await page.goto('/auth/reset')
  await hydrated(page)
  await page.getByLabel(T.reset.email).fill(email)
  await page.getByRole('button', { name: T.reset.sendLink }).click()
  await expect(page.getByRole('heading', { name: T.reset.sentTitle })).toBeVisible()
  await page.getByLabel(T.reset.linkPasteLabel).fill('not a link/at all')
  await page.getByRole('button', { name: T.reset.linkPasteSubmit }).click()
  await expect(page.locator('#reset-link-error')).toHaveText(T.reset.linkInvalid)
  const link = (await outbox(email, 'reset-link')).at(-1)?.link ?? ''
  let reloaded = false
  page.on('framenavigated', () => {
    reloaded = true
  })
  await page.getByLabel(T.reset.linkPasteLabel).fill(new URL(link, page.url()).href)
  await page.getByRole('button', { name: T.reset.linkPasteSubmit }).click()
  await expect(page.getByTestId('reset-account')).toContainText(email)
  expect(reloaded, 'the step changed in the page').toBe(false)
})
