import { test } from '@playwright/test'
import {
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
 * desktop and on a phone (the phone gets its own server-rendered header), after hydration. The
 * frame's pages (FRAME_PAGES) are checked in frame-pages.spec.ts, on the same devices and languages.
 */

// The frame's pages get the same axe run, with their other checks, in frame-pages.spec.ts.
const PAGES = sitePages().filter((path) => !FRAME_PAGES.includes(path))

for (const [device, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`axe · ${device}`, () => {
    test.use(options)
    for (const language of LANGUAGES) {
      for (const path of PAGES) {
        test(`${path} · ${language}`, async ({ page }) => {
          await page.goto(inLanguage(path, language))
          await hydrated(page)
          await expectAxeClean(page, `${path} ${language} ${device}`)
        })
      }
    }
  })
}
