import { expect, type Page, test } from '@playwright/test'
import { hydrated, markWindow, windowIsMarked } from './frame-helpers.ts'

/**
 * The pages render with React DOM on the server (react-dom/server) and hydrate with react-dom/client
 * (ADR 0064): a mismatch between the two shows up as a console error or an uncaught error.
 */
function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    // The browser logs every 4xx answer; the BFF's 400 for an invalid e-mail is a handled answer.
    const handledAnswer = message
      .text()
      .startsWith('Failed to load resource: the server responded with a status of 400')
    if ((message.type() === 'error' || message.type() === 'warning') && !handledAnswer)
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  return problems
}

// One browser context per language walks the pages (a fresh context per page cost its setup and a
// cold cache, ADR 0096); each page is a fresh load, and a step names the one that fails.
for (const language of ['en', 'zh']) {
  test(`/, /auth/sign_in, /auth/sign_up and the footer banner's link (${language}) hydrate without errors or warnings, and their forms react`, async ({
    page,
  }) => {
    test.slow() // what used to be several tests' hang guard
    const problems = collectProblems(page)
    // The last: the footer banner's link, served from the cache without its address (ADR 0101).
    for (const path of [
      '/',
      '/auth/sign_in',
      '/auth/sign_up',
      '/auth/sign_up?serviceEmail=ana%40example.com',
    ]) {
      await test.step(path, async () => {
        const before = problems.length
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}language=${language}`)
        await page.waitForLoadState('networkidle')
        // React DOM (not a look-alike renderer) owns the hydrated tree: it tags the nodes it manages.
        const reactKeys = await page
          .locator('main')
          .evaluate((element) => Object.keys(element).filter((key) => key.startsWith('__react')))
        expect(reactKeys.some((key) => key.startsWith('__reactFiber$'))).toBe(true)
        if (path === '/auth/sign_in') {
          // Only the hydrated page checks the e-mail on the client: a non-hydrated form would post.
          await page.locator('#sign-in-email').fill('not-an-email')
          await page.locator('#sign-in-email').press('Enter')
          await expect(page.locator('#sign-in-email')).toHaveAttribute('aria-invalid', 'true')
          expect(page.url()).toContain('/auth/sign_in')
        }
        if (path.includes('serviceEmail'))
          await expect(page.locator('#sign-up-email'), 'filled in the browser').toHaveValue('ana@example.com')
        expect(problems.slice(before)).toEqual([])
      })
    }
  })
}

test('sign-in → sign-up is a client-side navigation (spec §2), without errors', async ({ page }) => {
  const problems = collectProblems(page)
  await page.goto('/auth/sign_in')
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => {
    ;(window as unknown as { sameDocument: boolean }).sameDocument = true
  })
  await page.locator('a[href^="/auth/sign_up"]').first().click()
  await expect(page).toHaveURL(/\/auth\/sign_up/)
  await expect(page.locator('input[type="email"]').first()).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  expect(problems).toEqual([])
})

// ADR 0102: the pages' own router. Back and forward stay in the document, show the entry's page
// and put the scroll position back where the visitor left it.
test('back and forward are client-side, each page comes back where it was scrolled', async ({ page }) => {
  const problems = collectProblems(page)
  await page.setViewportSize({ width: 1280, height: 500 })
  await page.goto('/')
  await hydrated(page)
  await markWindow(page)
  // Where the page's content sits in the window is what the visitor sees (the bar compacts once
  // scrolled, animated, and scroll anchoring then moves scrollY by its 25 px): read once still.
  const contentTop = () =>
    page.evaluate(() => Math.round(document.querySelector('main')?.getBoundingClientRect().top ?? 0))
  const settledTop = async () => {
    let previous = Number.NaN
    for (let read = 0; read < 50; read++) {
      const top = await contentTop()
      if (top === previous) return top
      previous = top
      await page.waitForTimeout(150)
    }
    return previous
  }
  await page.evaluate(() => window.scrollTo(0, 300))
  await expect.poll(() => page.locator('.fr-header--compact').count()).toBe(1)
  const seen = await settledTop()
  expect(seen, 'scrolled into the page').toBeLessThan(-100)
  // The product menu's link, clicked where it is (a real click would scroll to it first).
  await page.locator('a.fr-dropdown__link[href="/chatbot"]').first().dispatchEvent('click', { button: 0 })
  await expect(page).toHaveURL(/\/chatbot$/)
  await expect.poll(() => page.evaluate(() => window.scrollY), 'a new page starts at the top').toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('a.fr-logo')).toHaveAttribute('aria-current', 'page')
  await expect
    // Within the bar's 25 px: it compacts again, animated, as the restored page scrolls, and on a
    // busy machine scroll anchoring catches the animation at another frame (measured: 0–6 px).
    .poll(async () => Math.abs((await settledTop()) - seen), 'the home page where it was left (±25 px)')
    .toBeLessThanOrEqual(25)
  await page.goForward()
  await expect(page).toHaveURL(/\/chatbot$/)
  await expect(page.locator('a.fr-dropdown__link[href="/chatbot"]').first()).toHaveAttribute(
    'aria-current',
    'page',
  )
  expect(await windowIsMarked(page)).toBe(true)
  expect(problems).toEqual([])
})

// After a client-side navigation a screen reader hears the new page's title and focus starts in
// the new page, as after a full load (ADR 0102).
test('a client-side navigation announces the new title and moves focus into the new page', async ({
  page,
}) => {
  await page.goto('/auth/sign_in')
  await hydrated(page)
  const link = page.locator('main a[href^="/auth/reset"]').first()
  const before = await page.title()
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/auth\/reset/)
  await expect(page).not.toHaveTitle(before)
  const title = await page.title()
  await expect(page.locator('#route-announcer')).toHaveText(title)
  await expect(page.locator('#route-announcer')).toHaveAttribute('aria-live', 'assertive')
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
})

// A next page the router cannot render itself (a 503 from load shedding has no page data) is
// loaded by the browser instead, with one history entry (ADR 0102).
test('a navigation answered by a busy page becomes a full page load', async ({ page }) => {
  await page.goto('/auth/sign_in')
  await hydrated(page)
  await markWindow(page)
  const entries = await page.evaluate(() => history.length)
  let answered = 0
  await page.route('**/auth/reset*', async (route) => {
    // The router's fetch gets the busy answer; the browser's own load then goes through.
    if (answered++ === 0)
      return route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body>Busy</body></html>' })
    return route.continue()
  })
  await page.getByTestId('forgot-password').click()
  await expect(page).toHaveURL(/\/auth\/reset/)
  await expect(page.locator('h1')).toBeVisible()
  expect(answered, 'fetched by the router, then loaded by the browser').toBe(2)
  expect(await windowIsMarked(page), 'a full page load').toBe(false)
  expect(await page.evaluate(() => history.length)).toBe(entries + 1)
})
