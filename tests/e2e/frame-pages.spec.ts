import { expect, type Page, test } from '@playwright/test'
import { marketingPageForPath } from '../../shared/frame/pages.ts'
import {
  type AxeScope,
  DESKTOP,
  expectAxeClean,
  expectNoHorizontalOverflow,
  expectNoRawKeys,
  FRAME_PAGES,
  HOME,
  hydrated,
  inLanguage,
  KEYWORDS,
  LANGUAGES,
  OVERVIEW,
  PHONE,
  sidewaysAtPhoneWidths,
  TEXT,
} from './frame-helpers.ts'

const DEVICES = { 'desktop 1440': DESKTOP, 'phone 375': PHONE } as const

/** Spec §9: title, keywords and description per page and language; lang; canonical. */
function expectedMeta(path: string, language: 'en' | 'zh') {
  const T = TEXT[language]
  if (path === '/')
    return {
      title: T.home.metaTitle,
      keywords: KEYWORDS[language].home,
      description: HOME[language].metaDescription,
    }
  const page = marketingPageForPath(path)
  if (!page) return undefined
  const item = T.items[page.id as keyof typeof T.items]
  return {
    title: OVERVIEW[language].metaTitle.replace('{{title}}', item.title),
    keywords: KEYWORDS[language].pages[page.id as keyof (typeof KEYWORDS)['en']['pages']],
    description: item.desc,
  }
}

/**
 * The checks of one frame page. Axe runs on every page in both languages on the desktop; on the
 * phone in one language per page, alternating (even pages English, odd ones Chinese), so the
 * phone's layout and header are axe-checked on every page and in both languages without a fourth
 * axe run per page — axe is most of a page's cost here (ADR 0083). Every other check runs on
 * every page, device and language. `axeScope`: the frame around the content does not depend on
 * the page (client/pages/+Layout.tsx: header and footer take no path), so each test checks it whole
 * on its first axe run and the content (`main`) on the others (ADR 0098).
 */
async function checkFramePage(
  page: Page,
  path: string,
  language: 'en' | 'zh',
  device: string,
  axeScope: AxeScope,
): Promise<boolean> {
  const response = await page.goto(inLanguage(path, language))
  expect(response?.status()).toBe(200)
  await hydrated(page)
  await expect(page.getByTestId('site-header')).toBeVisible()
  await expect(page.getByTestId('site-footer')).toBeAttached()
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)

  // 8 · page meta
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en')
  const canonicalPath = path.length > 1 ? path.replace(/\/$/, '') : path
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    inLanguage(canonicalPath, language),
  )
  const meta = expectedMeta(path, language)
  if (meta) {
    await expect(page).toHaveTitle(meta.title)
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', meta.keywords)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`^${meta.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    )
  } else {
    await expect(page).toHaveTitle(/\S/)
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /\S/)
  }

  // 10 · images: explicit sizes, lazy below the fold
  const images = await page.locator('img').evaluateAll((elements) =>
    elements.map((element) => {
      const image = element as HTMLImageElement
      return {
        src: image.getAttribute('src'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        top: image.getBoundingClientRect().top + window.scrollY,
        visible: image.getClientRects().length > 0,
      }
    }),
  )
  const viewportHeight = page.viewportSize()?.height ?? 0
  for (const image of images) {
    expect(image.width, `${image.src} width`).toMatch(/^\d+$/)
    expect(image.height, `${image.src} height`).toMatch(/^\d+$/)
    if (image.visible && image.top > viewportHeight)
      expect(image.loading, `${image.src} is below the fold`).toBe('lazy')
  }

  await expectNoHorizontalOverflow(page)
  await expectNoRawKeys(page)
  const onPhone = !device.startsWith('desktop')
  // The narrow, common and large phone widths too (issue 48 point 2), on the page as loaded.
  if (onPhone) expect(await sidewaysAtPhoneWidths(page), 'no sideways scroll on a phone').toEqual([])
  const phoneAxeLanguage = FRAME_PAGES.indexOf(path) % 2 === 0 ? 'en' : 'zh'
  if (onPhone && language !== phoneAxeLanguage) return false
  await expectAxeClean(page, `${path} ${language} ${device}`, axeScope)
  return true
}

/** The home page's open menus (desktop dropdowns, the phone's side menu) are axe clean too. */
async function checkOpenMenus(page: Page, language: 'en' | 'zh', device: string) {
  const T = TEXT[language]
  if (device.startsWith('desktop')) {
    await page.getByRole('button', { name: T.nav.products }).click()
    await expect(page.locator('#fr-menu-products')).toBeVisible()
    await expectAxeClean(page, 'products dropdown')
    await page.getByRole('button', { name: T.nav.resources }).click()
    await expect(page.locator('#fr-menu-resources')).toBeVisible()
    await expectAxeClean(page, 'resources dropdown')
  } else {
    await page.locator('#fr-toggle').click()
    await page.locator('#fr-side-menu').getByRole('button', { name: T.nav.products }).click()
    await expect(page.locator('#fr-side-menu')).toBeVisible()
    await expectAxeClean(page, 'side menu')
    await expectNoHorizontalOverflow(page)
    await expectNoRawKeys(page)
  }
}

/**
 * One test walks several pages in one browser context: a fresh context per page cost ≈ 0.5 s of
 * CPU each (measured), the pages' checks are independent of each other, and the step names the
 * page that failed. Eight pages a test keeps the two workers' loads even.
 */
const PAGES_PER_TEST = 8
const PAGE_GROUPS = Array.from({ length: Math.ceil(FRAME_PAGES.length / PAGES_PER_TEST) }, (_, index) =>
  FRAME_PAGES.slice(index * PAGES_PER_TEST, (index + 1) * PAGES_PER_TEST),
)
/** What one page may take on a busy machine (the suite's 30 s per test, per page). */
const PAGE_TIMEOUT_MS = 60_000

for (const [device, options] of Object.entries(DEVICES)) {
  for (const language of LANGUAGES) {
    test.describe(`${device} · ${language}`, () => {
      test.use(options)

      for (const pages of PAGE_GROUPS) {
        const menus = pages.includes('/') ? ' (with its open menus)' : ''
        test(`${pages.join(' ')}${menus} · axe WCAG 2.1 AA, no overflow, no raw key, meta, images`, async ({
          page,
        }) => {
          test.setTimeout(pages.length * PAGE_TIMEOUT_MS)
          let frameChecked = false
          for (const path of pages) {
            await test.step(path, async () => {
              const axeScope = frameChecked ? 'content' : 'page'
              if (await checkFramePage(page, path, language, device, axeScope)) frameChecked = true
            })
            // The home page is loaded and hydrated here already: its menus are opened on it.
            if (path === '/')
              await test.step('open menus are axe clean too', () => checkOpenMenus(page, language, device))
          }
        })
      }
    })
  }
}

test.describe('9 · no dead link into this site', () => {
  test.use(DESKTOP)

  for (const language of LANGUAGES) {
    test(`every in-site link of the frame answers (${language})`, async ({ page, request, baseURL }) => {
      await page.goto(inLanguage('/', language))
      const hrefs = await page
        .locator('.fr-header a[href], .fr-footer a[href], .mk-page a[href]')
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))
      const inSite = [...new Set(hrefs)].filter((href) => href.startsWith(baseURL ?? 'http://localhost'))
      const checked = inSite
      expect(checked.length).toBeGreaterThan(25)
      for (const href of checked) {
        const response = await request.get(href)
        expect(response.status(), href).toBe(200)
      }
    })
  }

  test('an unknown path is a 404 page in the frame', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByTestId('site-header')).toBeVisible()
  })

  test('client-side navigation keeps keywords and canonical up to date', async ({ page }) => {
    await page.goto('/?language=zh')
    await hydrated(page)
    await page.getByTestId('site-footer').getByRole('link', { name: TEXT.zh.items.blog.title }).click()
    await expect(page).toHaveURL('/blog?language=zh')
    await expect(page).toHaveTitle(OVERVIEW.zh.metaTitle.replace('{{title}}', TEXT.zh.items.blog.title))
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', KEYWORDS.zh.pages.blog)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', '/blog?language=zh')
  })
})

test.describe('10 · images', () => {
  test('logos and icons are served under /auth/_next/static/media', async ({ request }) => {
    for (const name of ['logo.svg', 'logo-white.svg', 'icon-chatbot.svg', 'social-youtube-hover.svg']) {
      const response = await request.get(`/auth/_next/static/media/${name}`)
      expect(response.status(), name).toBe(200)
      expect(response.headers()['content-type']).toContain('image/svg+xml')
    }
  })

  test('the image endpoint resizes configured sources and refuses the rest', async ({ request }) => {
    const source = encodeURIComponent('/auth/_next/static/media/hero-console.png')
    const avif = await request.get(`/auth/_next/image?url=${source}&w=640&q=75`, {
      headers: { accept: 'image/avif,image/webp,*/*' },
    })
    expect(avif.status()).toBe(200)
    expect(avif.headers()['content-type']).toBe('image/avif')
    const bad = await request.get(
      `/auth/_next/image?url=${encodeURIComponent('https://example.com/a.png')}&w=640`,
    )
    expect(bad.status()).toBe(400)
    const badWidth = await request.get(`/auth/_next/image?url=${source}&w=641`)
    expect(badWidth.status()).toBe(400)
  })
})
