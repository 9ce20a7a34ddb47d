import { expect, test } from '@playwright/test'
import { advanceClock, outbox, uniqueEmail } from './sandbox.ts'
import { openLink, startSignUp, TEXT } from './sign-up-helpers.ts'

// Moves the shared sandbox clock: runs in the `clock` project, after every other test
// (playwright.config.ts), so no other test's lifetimes or windows jump under it.
test('a link older than 10 minutes shows the link-expired page; a new link works', async ({ page }) => {
  const T = TEXT.en
  const email = uniqueEmail('expired')
  await page.goto('/auth/sign_up')
  await startSignUp(page, T, email)
  const [first] = await outbox(email, 'register-verify')
  await advanceClock(11 * 60_000)
  await page.goto(first?.link ?? '')
  await expect(page.getByRole('heading', { name: T.s.verify.expiredTitle })).toBeVisible()
  await page.getByRole('button', { name: T.s.verify.newLink }).click()
  await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
  await expect.poll(async () => (await outbox(email, 'register-verify')).length).toBe(2)
  await openLink(page, email)
  await expect(page.getByRole('heading', { name: T.s.setup.title })).toBeVisible()
})
