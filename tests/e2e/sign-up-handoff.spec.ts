/**
 * The verification link opened in another browser (a phone's mail app, or a forwarded e-mail):
 * the sign-up goes on in the browser that started it, never in the one that opened the link
 * (review finding L7, docs/flows/sign-up.md).
 */
import { expect, test } from '@playwright/test'
import { inLanguage, LANGUAGES } from './frame-helpers.ts'
import { signUpInfo, uniqueEmail } from './sandbox.ts'
import { openLink, screenshot, startSignUp, TEXT } from './sign-up-helpers.ts'

for (const language of LANGUAGES) {
  const T = TEXT[language]
  test(`a link opened in another browser confirms the address; the sign-up continues where it started (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000)
    const email = uniqueEmail(`handoff-${language}`)
    await page.goto(inLanguage('/auth/sign_up', language))
    await startSignUp(page, T, email)
    await expect(page.getByText(T.s.sent.waiting)).toBeVisible()

    const elsewhere = await browser.newContext()
    const phone = await elsewhere.newPage()
    await openLink(phone, email)
    await expect(phone.getByRole('heading', { name: T.s.verify.elsewhereTitle })).toBeVisible()
    await expect(phone.getByRole('status')).toContainText(email)
    await expect(phone.getByRole('heading', { name: T.s.setup.title }), 'nothing to set up here').toHaveCount(
      0,
    )
    await screenshot(phone, `sign-up-link-elsewhere-${language}-desktop`)
    await phone.goto(inLanguage('/auth/sign_up', language))
    await expect(
      phone.getByRole('heading', { name: T.s.credentials.title }),
      'no sign-up of its own',
    ).toBeVisible()
    await elsewhere.close()

    // The starting browser moves on by itself, without a reload.
    await expect(page.getByRole('heading', { name: T.s.setup.title })).toBeVisible({ timeout: 15_000 })
  })
}

test.describe('started in Chicago, the link opened in Berlin (issue 18 point 7)', () => {
  test.use({ timezoneId: 'America/Chicago' })
  test('the link is checked in us and the sign-up goes on there', async ({ page, browser }) => {
    test.setTimeout(240_000)
    const T = TEXT.en
    const email = uniqueEmail('handoff-region')
    await page.goto('/auth/sign_up')
    await startSignUp(page, T, email)
    await expect(page.getByText(T.s.sent.waiting)).toBeVisible()
    expect((await signUpInfo(email))?.region).toBe('us')

    const berlin = await browser.newContext({ timezoneId: 'Europe/Berlin' })
    const other = await berlin.newPage()
    await openLink(other, email)
    // Checked in another region the link would be unknown there: the link-expired page.
    await expect(other.getByRole('heading', { name: T.s.verify.elsewhereTitle })).toBeVisible()
    await berlin.close()

    await expect(page.getByRole('heading', { name: T.s.setup.title })).toBeVisible({ timeout: 15_000 })
    expect(await signUpInfo(email), 'verified, still a us registration').toMatchObject({
      region: 'us',
      verified: true,
    })
  })
})
