import { expect, test } from '@playwright/test'

test('Free Trial lands on a page that keeps the work email and offers a way to a trial', async ({ page }) => {
  await page.goto('/auth/sign_in')
  await page.getByRole('link', { name: 'Start a free trial' }).click()
  await expect(page).toHaveURL(/\/auth\/sign_up/)
  await expect(page.getByRole('heading', { name: 'Start your 15-day free trial' })).toBeVisible()

  await page.goto('/auth/sign_up?language=&serviceEmail=ada%40example.com')
  await expect(page.getByRole('heading', { name: '开始 15 天免费试用' })).toBeVisible()
  await expect(page.getByLabel('工作邮箱')).toHaveValue('ada@example.com')
  const mail = await page.getByRole('link', { name: '申请免费试用' }).getAttribute('href')
  expect(decodeURIComponent(mail ?? '')).toContain('ada@example.com')
})
