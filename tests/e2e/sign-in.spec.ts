import { expect, type Page, test } from '@playwright/test'
import { DEMO_ACCOUNT, FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import { SESSION_COOKIE_NAMES } from '../../server/session-cookie.ts'
import { createAccount } from './sandbox.ts'

/** The e2e servers listen on loopback over http: the plain session cookie (ADR 0155). */
const SESSION_COOKIE = SESSION_COOKIE_NAMES['loopback-http']

/** Every string the page's own JavaScript could read: cookies, both storages. */
async function readableByScripts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const storage = (store: Storage) =>
      Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i) ?? '')}`)
    return [document.cookie, ...storage(localStorage), ...storage(sessionStorage)].join('\n')
  })
}

test('the sign-in form is in the server-rendered HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/auth/sign_in')
  await expect(page.getByLabel('Work email')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
  await context.close()
})

test('?language=zh renders the page in Chinese', async ({ page }) => {
  await page.goto('/auth/sign_in?language=zh')
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible()
  await expect(page.getByLabel('工作邮箱')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
})

test('signing in keeps the token out of reach of page JavaScript, across a reload', async ({ page }) => {
  const apiBodies: string[] = []
  // Read in the route: the page navigates right after the sign-in answer, and a response's body
  // is gone once its page has navigated away.
  // The `/api` calls and the sign-in flow's steps (server/routes/sign-in-flow.server.ts).
  for (const pattern of ['**/api/**', '**/auth/sign_in/flow/**'])
    await page.route(pattern, async (route) => {
      const response = await route.fetch()
      apiBodies.push(await response.text())
      await route.fulfill({ response })
    })
  // A return path keeps the user on this site (without one the console of the environment opens).
  await page.goto(`/auth/sign_in?return=${encodeURIComponent('/auth/sign_in')}`)
  // The page's own calls are what this test reads: a click before hydration posts the form.
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
  await page.getByLabel('Work email').fill(DEMO_ACCOUNT.email)
  await page.getByRole('button', { name: 'Continue' }).click()
  // The password field appears in place of the e-mail's step: keyboard users continue in it
  // (React DOM focuses an `autoFocus` element it inserts after hydration).
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in')).toContainText(DEMO_ACCOUNT.email)

  await page.reload()
  await expect(page.getByTestId('signed-in')).toContainText(DEMO_ACCOUNT.email)

  const cookies = await page.context().cookies()
  const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE)
  expect(session, 'the sealed session cookie is set').toBeDefined()
  expect(session?.httpOnly).toBe(true)
  // Secure everywhere but on loopback http, where WebKit would drop it (ADR 0155; the tap tests of
  // tests/server/session-cookie.test.ts hold both sides).
  expect(session?.secure).toBe(false)
  expect(session?.sameSite).toBe('Lax')

  const visible = `${await readableByScripts(page)}\n${apiBodies.join('\n')}\n${await page.content()}`
  expect(apiBodies.length).toBeGreaterThanOrEqual(2)
  expect(visible).not.toMatch(/sbx_[A-Za-z0-9_-]+/)
  expect(visible).not.toContain(session?.value ?? 'no-session-cookie')
  expect(visible.toLowerCase()).not.toContain('"token"')

  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByLabel('Work email')).toBeVisible()
  const after = await page.context().cookies()
  expect(after.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined()
})

test('a wrong password shows the upstream message and keeps the user signed out', async ({ page }) => {
  await page.goto('/auth/sign_in')
  await page.getByLabel('Work email').fill(DEMO_ACCOUNT.email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password9')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText('Incorrect account or password')
  await expect(page.getByTestId('signed-in')).toHaveCount(0)
})

test('after a refused password, focus is on the field in error, not on <body>', async ({ page }) => {
  // An account of its own: wrong passwords count towards a lock (the demo account is shared).
  const email = await createAccount('focus-after-refusal', FIXTURE_PASSWORD)
  await page.goto('/auth/sign_in')
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
  await page.getByLabel('Work email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  const password = page.getByLabel('Password', { exact: true })
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName)
  // By pointer: the button was pressed (and disabled while the call ran), focus goes to the field.
  await password.fill('Wrong-Password9')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect.poll(focused).toBe('sign-in-password')
  // By keyboard alone: Enter in the field; after the refusal focus is still there.
  await page.locator('body').focus()
  await password.fill('Wrong-Password8')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  await expect(page.getByRole('alert')).toContainText('Incorrect account or password')
  await expect.poll(focused).toBe('sign-in-password')
})

test('a sign-in finished in another tab: the page goes back to the e-mail step, as the server did', async ({
  page,
}) => {
  await page.goto('/auth/sign_in')
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
  await page.getByLabel('Work email').fill(DEMO_ACCOUNT.email)
  await page.getByRole('button', { name: 'Continue' }).click()
  const password = page.getByLabel('Password', { exact: true })
  await expect(password).toBeVisible()
  // Another tab of the same browser resumes the sign-in, then changes the address: the server
  // forgets the flow.
  const other = await page.context().newPage()
  await other.goto('/auth/sign_in')
  await expect(other.locator('[data-hydrated="true"]')).toHaveCount(1)
  // The page goes back at once and tells the server beside it: the tab is closed only once the
  // server has answered, else a slow machine closed it with the call still unsent (seen in a run).
  const forgotten = other.waitForResponse((response) => response.url().endsWith('/auth/sign_in/flow/back'))
  await other.getByRole('button', { name: 'Use another email' }).click()
  await expect(other.getByLabel('Password', { exact: true })).toHaveCount(0)
  expect((await forgotten).ok(), 'the server forgot the flow').toBe(true)
  await other.close()
  await password.fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in has timed out or was finished elsewhere. Enter your email again.',
  )
  await expect(password).toHaveCount(0)
  await expect(page.getByLabel('Work email')).toHaveValue(DEMO_ACCOUNT.email)
  await expect(page.getByRole('alert')).toBeFocused()
})

test('an unknown account is told so in the chosen language', async ({ page }) => {
  await page.goto('/auth/sign_in?language=zh')
  await page.getByLabel('工作邮箱').fill('nobody@sandbox.test')
  await page.getByRole('button', { name: '继续' }).click()
  await expect(page.getByRole('alert')).toContainText('账号不存在')
})

test('an account in several environments picks one, then signs in there', async ({ page }) => {
  await page.goto('/auth/sign_in')
  await page.getByLabel('Work email').fill('multi@sandbox.test')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('group', { name: 'Data centre' })).toBeVisible()
  await page.getByRole('radio', { name: 'US' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Password', { exact: true }).fill('Sandbox-Demo1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  // The console of the chosen environment: the sandbox's us server, which names it.
  await expect(page.getByText('Signed in as')).toContainText('multi@sandbox.test in us-k8s')
})

test('sign-out works as a plain form post without JavaScript', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/auth/sign_in?return=${encodeURIComponent('/auth/sign_in')}`)
  await page.getByLabel('Work email').fill(DEMO_ACCOUNT.email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  const cookies = await context.cookies()
  await context.close()

  const noScript = await browser.newContext({ javaScriptEnabled: false })
  await noScript.addCookies(cookies)
  const plain = await noScript.newPage()
  await plain.goto('/auth/sign_in')
  await expect(plain.getByTestId('signed-in')).toBeVisible()
  await plain.getByRole('main').getByRole('button', { name: 'Sign out' }).click()
  await expect(plain.getByLabel('Work email')).toBeVisible()
  expect((await noScript.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined()
  await noScript.close()
})
