import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type AxeCore from 'axe-core'
import type { Result as AxeResult } from 'axe-core'
import { MARKETING_PAGES } from '../../shared/frame/pages.ts'
import en from '../../shared/i18n/locales/en/frame.ts'
import enHome from '../../shared/i18n/locales/en/home.ts'
import enKeywords from '../../shared/i18n/locales/en/keywords.ts'
import enOverview from '../../shared/i18n/locales/en/overview.ts'
import zh from '../../shared/i18n/locales/zh/frame.ts'
import zhHome from '../../shared/i18n/locales/zh/home.ts'
import zhKeywords from '../../shared/i18n/locales/zh/keywords.ts'
import zhOverview from '../../shared/i18n/locales/zh/overview.ts'
import type { Language } from '../../shared/language.ts'

export const TEXT = { en, zh } as const
/** The home page's, the overview pages' and every page's keywords texts (ADR 0085). */
export const HOME = { en: enHome, zh: zhHome } as const
export const OVERVIEW = { en: enOverview, zh: zhOverview } as const
export const KEYWORDS = { en: enKeywords, zh: zhKeywords } as const
export const LANGUAGES: Language[] = ['en', 'zh']

/**
 * Journeys run in one language per variant, taking turns (ADR 0099): a journey's steps do not
 * change with the language, its texts do, and those are typed against English and checked on
 * every page in both languages by a11y.spec and frame-pages.spec. Across a spec both languages
 * run. `E2E_EVERY_LANGUAGE=1` runs every variant in every language (before a release, or after
 * a change to the translations).
 */
const EVERY_LANGUAGE = process.env.E2E_EVERY_LANGUAGE === '1'

/** The language(s) of a journey's `turn`-th variant: English on even turns, Chinese on odd. */
export function languagesInTurn(turn: number): Language[] {
  return EVERY_LANGUAGE ? LANGUAGES : [LANGUAGES[turn % LANGUAGES.length] as Language]
}

/** Whether the `turn`-th variant of a journey runs in `language`. */
export function takesTurn(turn: number, language: Language): boolean {
  return languagesInTurn(turn).includes(language)
}

/** Each variant with the language(s) it runs in, taking turns: `[[desktop, 'en'], [phone, 'zh']]`. */
export function inTurn<Variant>(variants: readonly Variant[]): Array<[Variant, Language]> {
  return variants.flatMap((variant, turn) =>
    languagesInTurn(turn).map((language): [Variant, Language] => [variant, language]),
  )
}

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36'
export const DESKTOP_APP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) SobotDesktop/3.4.0 Chrome/130.0.0.0 Electron/33.0.0 Safari/537.36'

export const DESKTOP = { viewport: { width: 1440, height: 900 } }
/** The phone header is decided server-side from the user agent, so the phone sends one. */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  userAgent: IPHONE_UA,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

/** Every page of the frame: home, each overview page, and the sign-in page in the frame. */
export const FRAME_PAGES = ['/', ...MARKETING_PAGES.map((page) => page.path), '/auth/sign_in']

/** The browser is English (Playwright's default locale), so Chinese is asked for in the URL. */
export function inLanguage(path: string, language: Language): string {
  if (language === 'en') return path
  return `${path}${path.includes('?') ? '&' : '?'}language=zh`
}

/** A raw i18n key looks like `nav.products` or `frame:items.chatbot.title`. */
export const RAW_KEY = /^([a-z]+:)?[a-z]+(\.[a-zA-Z0-9_]+)+$/

export async function expectNoRawKeys(page: Page) {
  const texts = await page.evaluate(() => {
    // innerText, not textContent: what a person sees, line by line, is the point
    const out: string[] = document.body.innerText.split('\n')
    for (const element of Array.from(document.querySelectorAll('[alt],[aria-label],[placeholder],[title]'))) {
      for (const name of ['alt', 'aria-label', 'placeholder', 'title'])
        out.push(element.getAttribute(name) ?? '')
    }
    out.push(document.title)
    out.push(document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '')
    out.push(document.querySelector('meta[name="keywords"]')?.getAttribute('content') ?? '')
    return out.map((text) => text.trim()).filter(Boolean)
  })
  const raw = texts.filter((text) => RAW_KEY.test(text) || text.includes('frame:') || text.includes('{{'))
  expect(raw, 'no raw i18n key or placeholder on the page').toEqual([])
}

/**
 * Phone widths no page may scroll sideways at (issue 48 point 2): the narrowest people use (320),
 * a common one (390) and a large one (430).
 */
export const PHONE_WIDTHS = [320, 390, 430] as const

/**
 * The pages (URL → pixels too wide) that scroll sideways at one of PHONE_WIDTHS, read on the page
 * as loaded by widening or narrowing its window: the browser has the new size once
 * setViewportSize returns, and reading the widths lays the page out at it, as a load at that
 * width would (the frame follows media-query changes: frame.spec). Leaves the window as it was.
 */
export async function sidewaysAtPhoneWidths(page: Page): Promise<string[]> {
  const before = page.viewportSize()
  const overflowing: string[] = []
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: before?.height ?? 800 })
    const excess = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    if (excess > 0) overflowing.push(`${page.url()} at ${width} px: ${excess} px`)
  }
  if (before) await page.setViewportSize(before)
  return overflowing
}

export async function expectNoHorizontalOverflow(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(sizes.scroll, 'no horizontal overflow').toBeLessThanOrEqual(sizes.client)
}

/**
 * Axe on the page as it is. A page without frames is checked by axe-core itself, put in the page
 * once per document and run with one `axe.run` that answers the violations only: AxeBuilder put
 * its 650 KB source in again on every check and sent back every passing node too, which the
 * test's process parsed — ≈ 550 ms a check and ≈ 150 ms of the worker's CPU, against ≈ 280 ms
 * and ≈ 15 ms (measured on `/`; `resultTypes` leaves the violations whole). AxeBuilder's default
 * mode, the one that checks cross-origin frames too, stays for a page with frames (a captcha
 * provider's, say): `axe.runPartial` in every frame, `axe.finishRun` in a blank page (ADR 0096).
 *
 * `'content'` checks `main` only (a flow's screens, its dialogs and messages live there): the frame
 * around them is the same on every page and is checked whole by a11y.spec and frame-pages.spec
 * (once per test: both languages, desktop and phone, ADR 0098) and signed-in.spec (the signed-in
 * bar). Checking it again on each step of each flow was ≈ 30 % of those specs' browser CPU
 * (ADR 0097).
 */
export type AxeScope = 'page' | 'content'
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
type Violation = { id: string; help: string; nodes: string[] }

export async function expectAxeClean(page: Page, label: string, scope: AxeScope = 'page') {
  expect(await axeViolations(page, scope), `axe on ${label}`).toEqual([])
}

/** The violations axe finds on the page as it is (the first three nodes of each). */
export async function axeViolations(page: Page, scope: AxeScope = 'page'): Promise<Violation[]> {
  const found = page.frames().length === 1 ? await axeInPage(page, scope) : await axeAcrossFrames(page, scope)
  return found.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }))
}

async function axeInPage(page: Page, scope: AxeScope): Promise<AxeResult[]> {
  // Once per document, over the DevTools protocol as AxeBuilder does: the pages' CSP does not apply.
  // (As a context's init script instead, every later document of a flow parsed it: slower, measured.)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    async ({ include, tags }) => {
      const { axe } = window as unknown as { axe: typeof AxeCore }
      const results = await axe.run(include ? { include: [[include]] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return results.violations
    },
    { include: scope === 'content' ? 'main' : null, tags: AXE_TAGS },
  )
}

async function axeAcrossFrames(page: Page, scope: AxeScope): Promise<AxeResult[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ['violations'] })
  if (scope === 'content') builder = builder.include('main')
  return (await builder.analyze()).violations
}

/**
 * A new screen of a flow, checked like every page: its screenshot kept (keepScreenshot), no raw
 * keys, no sideways overflow, axe clean in its content.
 */
export async function checkedScreen(page: Page, name: string) {
  await keepScreenshot(page, { path: `.cache/screens/${name}.png`, fullPage: true })
  await expectNoRawKeys(page)
  await expectNoHorizontalOverflow(page)
  await expectAxeClean(page, name, 'content')
}

/** Marks the window: a full page load loses the mark, a client-side navigation keeps it. */
export async function markWindow(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { __frameMark: number }).__frameMark = 1
  })
}
export async function windowIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __frameMark?: number }).__frameMark === 1)
}

/** Waits until the client router has hydrated the page (links and buttons react). */
export async function hydrated(page: Page) {
  await page.locator('.frame[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/**
 * Full-page screenshots are for people reviewing the pages (`E2E_SCREENSHOTS=1 npm run test:e2e`
 * writes them to .cache/screens); they assert nothing, so the test run skips their cost.
 */
export async function keepScreenshot(page: Page, options: { path: string; fullPage?: boolean }) {
  if (!process.env.E2E_SCREENSHOTS) return
  const name = options.path.split('/').at(-1) ?? 'screen.png'
  await page.screenshot({ ...options, path: `.cache/screens/${name}` })
}
