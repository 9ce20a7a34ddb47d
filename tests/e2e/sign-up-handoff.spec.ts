/**
 * The verification link opened in another browser (a phone's mail app, or a forwarded e-mail):
 * the sign-up goes on in the browser that started it, never in the one that opened the link
 * (review finding L7, docs/flows/sign-up.md).
 */
import { expect, type Page, test } from '@playwright/test'
import { inLanguage, LANGUAGES } from './frame-helpers.ts'
import { signUpInfo, uniqueEmail } from './sandbox.ts'
import { openLink, screenshot, solveCaptcha, startSignUp, TEXT } from './sign-up-helpers.ts'

/** A sign-up of a fresh address started on `url` and waiting for its link: the address. */
async function waitingForLink(
  page: Page,
  T: (typeof TEXT)['en' | 'zh'],
  prefix: string,
  url = '/auth/sign_up',
) {
  const email = uniqueEmail(prefix)
  await page.goto(url)
  await startSignUp(page, T, email)
  await expect(page.getByText(T.s.sent.waiting)).toBeVisible()
  return email
}

for (const language of LANGUAGES) {
  const T = TEXT[language]
  test(`a link opened in another browser confirms the address; the sign-up continues where it started (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000)
    const email = await waitingForLink(page, T, `handoff-${language}`, inLanguage('/auth/sign_up', language))

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
    const email = await waitingForLink(page, T, 'handoff-region')
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

test('a stranger who starts a sign-up of the same address never takes it over (issue 46)', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const T = TEXT.en
  const email = await waitingForLink(page, T, 'takeover')

  // A stranger who knows the address starts a sign-up of it too, in another browser.
  const strangers = await browser.newContext()
  const stranger = await strangers.newPage()
  await stranger.goto('/auth/sign_up')
  await stranger.getByLabel(T.s.credentials.email).fill(email)
  await stranger.getByLabel(T.s.credentials.password, { exact: true }).fill('Stranger-Pass42')
  await stranger.locator('#sign-up-privacy').check()
  await solveCaptcha(stranger, T)
  const flowRead = stranger.waitForResponse((response) => response.url().includes('/auth/sign_up/flow'))
  await stranger.getByRole('button', { name: T.s.credentials.submit }).click()
  await flowRead
  await expect(stranger.getByRole('heading', { name: T.s.sent.title }), 'nothing waits there').toHaveCount(0)

  // The owner opens the link on a phone: the owner's browser moves on, the stranger's never does.
  const phones = await browser.newContext()
  await openLink(await phones.newPage(), email)
  await expect(page.getByRole('heading', { name: T.s.setup.title })).toBeVisible({ timeout: 15_000 })
  await stranger.reload()
  await expect(stranger.getByRole('heading', { name: T.s.credentials.title })).toBeVisible()
  await expect(stranger.getByRole('heading', { name: T.s.setup.title })).toHaveCount(0)
  await strangers.close()
  await phones.close()
})
