import { expect, test } from '@playwright/test'
import {
  axeViolations,
  DESKTOP,
  expectAxeClean,
  FRAME_PAGES,
  hydrated,
  inLanguage,
  LANGUAGES,
  PHONE,
} from './frame-helpers.ts'
import { sitePages } from './pages.ts'

/**
 * WCAG 2.1 AA (axe) on every page of client/pages (tests/e2e/pages.ts), in both languages, on a
 * desktop and on a phone (the phone gets its own server-rendered header; one language a page there,
 * see below), after hydration. The frame's pages (FRAME_PAGES) are checked in frame-pages.spec.ts,
 * on the same devices and languages.
 */

// The frame's pages get the same axe run, with their other checks, in frame-pages.spec.ts.
const PAGES = sitePages().filter((path) => !FRAME_PAGES.includes(path))

/**
 * One test walks several pages in one browser context (a fresh context per page cost ≈ 0.5 s of
 * CPU each, measured); the step names the page that failed. On the phone each page is checked in
 * one language, alternating (even pages English, odd ones Chinese): the phone differs from the
 * desktop by its layout and header, which are the same in both languages, and axe is most of the
 * cost (ADR 0083).
 */
const PAGES_PER_TEST = 6
const PAGE_GROUPS = Array.from({ length: Math.ceil(PAGES.length / PAGES_PER_TEST) }, (_, index) =>
  PAGES.slice(index * PAGES_PER_TEST, (index + 1) * PAGES_PER_TEST),
)
/** What one page may take on a busy machine (the suite's 30 s per test, per page). */
const PAGE_TIMEOUT_MS = 60_000

for (const [device, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`axe · ${device}`, () => {
    test.use(options)
    for (const language of LANGUAGES) {
      for (const group of PAGE_GROUPS) {
        const pages =
          device === 'phone'
            ? group.filter((path) => (PAGES.indexOf(path) % 2 === 0 ? 'en' : 'zh') === language)
            : group
        if (pages.length === 0) continue
        test(`${pages.join(' ')} · ${language}`, async ({ page }) => {
          test.setTimeout(pages.length * PAGE_TIMEOUT_MS)
          for (const [index, path] of pages.entries()) {
            await test.step(path, async () => {
              await page.goto(inLanguage(path, language))
              await hydrated(page)
              // The frame does not depend on the page: checked whole on each test's first page,
              // the content on the others (ADR 0098). Axe's page-level rules (title, lang) run
              // only on a whole page, so they are asserted here on every page.
              await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en')
              await expect(page).toHaveTitle(/\S/)
              await expectAxeClean(page, `${path} ${language} ${device}`, index === 0 ? 'page' : 'content')
            })
          }
        })
      }
    }
  })
}

test('the axe check itself finds a violation, in the whole page and in its content', async ({ page }) => {
  await page.goto('/healthz')
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>t</h1><img src="/x.png"><input></main></body></html>',
  )
  for (const scope of ['page', 'content'] as const) {
    const found = (await axeViolations(page, scope)).map((violation) => violation.id)
    expect(found, scope).toEqual(expect.arrayContaining(['image-alt', 'label']))
  }
  // Outside `main`, the content check does not look.
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><img src="/x.png"><main><h1>t</h1></main></body></html>',
  )
  expect((await axeViolations(page, 'content')).map((violation) => violation.id)).toEqual([])
  expect((await axeViolations(page, 'page')).map((violation) => violation.id)).toContain('image-alt')
})
