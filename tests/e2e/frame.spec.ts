import { expect, type Page, test } from '@playwright/test'
import { FOOTER_GROUPS } from '../../shared/frame/footer.ts'
import {
  ANDROID_UA,
  DESKTOP,
  DESKTOP_APP_UA,
  HOME,
  hydrated,
  IPHONE_UA,
  inLanguage,
  LANGUAGES,
  markWindow,
  OVERVIEW,
  PHONE,
  TEXT,
  takesTurn,
  windowIsMarked,
} from './frame-helpers.ts'

const SIGN_UP_LANGUAGE = { en: 'en_US', zh: '' } as const

/**
 * The query of the browser's first request to /auth/sign_up. (The BFF may then drop a `language`
 * that is the visitor's default with a redirect: that is point 5, not the banner's business.)
 */
async function signUpNavigation(page: Page): Promise<string> {
  const request = await page.waitForRequest(
    (candidate) => candidate.isNavigationRequest() && new URL(candidate.url()).pathname === '/auth/sign_up',
  )
  return new URL(request.url()).search
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await hydrated(page)
}

/** Types `email` into the footer banner of `path` and presses Enter: the sign-up link's query. */
async function footerEmailOnEnter(page: Page, path: string, placeholder: string, email: string) {
  await open(page, path)
  const input = page.getByPlaceholder(placeholder)
  await input.fill(email)
  const navigation = signUpNavigation(page)
  await input.press('Enter')
  return navigation
}

// The checks that do not change with the language take turns with it (ADR 0099); those of texts,
// links and the language switch run in both.
for (const language of LANGUAGES) {
  const T = TEXT[language]

  test.describe(`desktop 1440 · ${language}`, () => {
    test.use(DESKTOP)

    // One browser context walks the desktop checks (a fresh context per check cost its setup and a
    // cold cache, ADR 0096); each step opens its page and sets the window it needs, and names the
    // check that fails. The language switch changes the language: the last step.
    test('the frame on a desktop: navbar, scrolled bar, keyboard, narrow window, footer, banner, links, language switch', async ({
      page,
    }) => {
      test.slow() // what used to be several tests' hang guard
      const step = (name: string, body: () => Promise<void>) =>
        test.step(name, async () => {
          // As a fresh page would be: the desktop window, the pointer in the corner (not over a
          // menu the last step clicked or hovered).
          await page.setViewportSize(DESKTOP.viewport)
          await page.mouse.move(0, 0)
          await body()
        })

      await step('1 · navbar: 90px, centred, the menus and groups of §2 and the header buttons', async () => {
        await open(page, inLanguage('/', language))
        const header = page.getByTestId('site-header')
        expect((await header.boundingBox())?.height).toBe(90)
        const inner = await header.locator('.fr-header__inner').boundingBox()
        expect(inner && Math.abs(inner.x - (1440 - inner.x - inner.width))).toBeLessThanOrEqual(1)

        const nav = page.getByRole('navigation', { name: T.nav.label })
        for (const name of [T.nav.products, T.nav.solutions, T.nav.resources])
          await expect(nav.getByRole('button', { name })).toBeVisible()
        await expect(nav.getByRole('link', { name: T.nav.customers })).toHaveAttribute(
          'href',
          inLanguage('/customers', language),
        )
        await expect(nav.getByRole('link', { name: T.nav.about })).toHaveAttribute(
          'href',
          inLanguage('/about', language),
        )

        await nav.getByRole('button', { name: T.nav.products }).click()
        const products = page.locator('#fr-menu-products')
        await expect(products).toBeVisible()
        await expect(products.getByText(T.nav.omnichannelService)).toBeVisible()
        await expect(products.getByText(T.nav.salesMarketing)).toBeVisible()
        for (const [id, path] of [
          ['chatbot', '/chatbot'],
          ['livechat', '/livechat'],
          ['voice', '/voice'],
          ['ticketing', '/ticketing'],
          ['whatsapp', '/whatsapp'],
          ['voiceForSales', '/voice-for-sales'],
          ['voicebot', '/voicebot'],
        ] as const) {
          const link = products.getByRole('link', { name: T.items[id].title, exact: false }).first()
          await expect(link).toHaveAttribute('href', inLanguage(path, language))
          await expect(link).toContainText(T.items[id].desc)
          await expect(link.locator('img')).toHaveAttribute('src', `/auth/_next/static/media/icon-${id}.svg`)
        }

        await page.keyboard.press('Escape')
        await nav.getByRole('button', { name: T.nav.resources }).click()
        const resources = page.locator('#fr-menu-resources')
        for (const id of ['help', 'developer', 'productUpdates'] as const) {
          const link = resources.getByRole('link', { name: T.items[id].title })
          await expect(link).toHaveAttribute('target', '_blank')
          await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
        }
        await expect(resources.getByRole('link', { name: T.items.productUpdates.title })).toHaveAttribute(
          'data-vike',
          'false',
        )

        const actions = page.locator('.fr-actions')
        await expect(actions.getByRole('link', { name: T.buttons.login })).toHaveAttribute(
          'href',
          `/auth/sign_in?language=${language}`,
        )
        await expect(actions.getByRole('link', { name: T.buttons.freeTrial })).toHaveAttribute(
          'href',
          `/auth/sign_up?language=${SIGN_UP_LANGUAGE[language]}`,
        )
        await expect(actions.getByRole('link', { name: T.buttons.bookDemo })).toHaveAttribute(
          'href',
          inLanguage('/demo/', language),
        )
      })

      if (takesTurn(0, language))
        await step(
          '1 · the bar turns 65px when scrolled; the page never gets narrower than 650px',
          async () => {
            await open(page, inLanguage('/', language))
            await page.mouse.wheel(0, 600)
            await expect
              .poll(async () => (await page.getByTestId('site-header').boundingBox())?.height)
              .toBe(65)
            await page.setViewportSize({ width: 500, height: 800 })
            const width = await page.evaluate(
              () => document.querySelector('.frame')?.getBoundingClientRect().width,
            )
            expect(width).toBe(650)
          },
        )

      if (takesTurn(1, language))
        await step('11 · dropdowns work with the keyboard and show where focus is', async () => {
          await open(page, inLanguage('/', language))
          await page.keyboard.press('Tab')
          await expect(page.getByRole('link', { name: T.skipToContent })).toBeFocused()
          await page.keyboard.press('Tab')
          await page.keyboard.press('Tab')
          const button = page.getByRole('button', { name: T.nav.products })
          await expect(button).toBeFocused()
          const outline = await button.evaluate((element) => getComputedStyle(element).outlineStyle)
          expect(outline, 'visible focus').not.toBe('none')

          await page.keyboard.press('Enter')
          await expect(button).toHaveAttribute('aria-expanded', 'true')
          await page.keyboard.press('Escape')
          await expect(button).toHaveAttribute('aria-expanded', 'false')
          await expect(button).toBeFocused()

          await page.keyboard.press('ArrowDown')
          const panel = page.locator('#fr-menu-products')
          await expect(panel.getByRole('link').first()).toBeFocused()
          await page.keyboard.press('ArrowDown')
          await expect(panel.getByRole('link').nth(1)).toBeFocused()
          await page.keyboard.press('End')
          await expect(panel.getByRole('link').last()).toBeFocused()
          await page.keyboard.press('ArrowDown')
          await expect(panel.getByRole('link').first()).toBeFocused()
          const linkOutline = await panel
            .getByRole('link')
            .first()
            .evaluate((element) => getComputedStyle(element).outlineStyle)
          expect(linkOutline).not.toBe('none')

          // Tabbing out of the open menu closes it.
          for (let i = 0; i < 7; i += 1) await page.keyboard.press('Tab')
          await expect(button).toHaveAttribute('aria-expanded', 'false')
          await expect(panel).toBeHidden()
        })

      if (takesTurn(0, language))
        await step(
          '2 · a narrow window folds the menus into the side menu, re-laid out on resize',
          async () => {
            await page.setViewportSize({ width: 1000, height: 800 })
            await open(page, inLanguage('/', language))
            const toggle = page.locator('#fr-toggle')
            await expect(page.locator('.fr-nav')).toBeHidden()
            await expect(toggle).toHaveAccessibleName(T.nav.openMenu)
            await toggle.click()
            await expect(toggle).toHaveAccessibleName(T.nav.closeMenu)
            await expect(toggle).toHaveAttribute('aria-expanded', 'true')
            const side = page.locator('#fr-side-menu')
            await expect(side).toBeVisible()
            await side.getByRole('button', { name: T.nav.products }).click()
            await expect(side.getByRole('link', { name: T.items.chatbot.title })).toBeVisible()
            await page.setViewportSize({ width: 1440, height: 900 })
            await expect(toggle).toBeHidden()
            await expect(side).toBeHidden()
            await expect(page.locator('.fr-nav')).toBeVisible()
            // The page folds the side menu away once the browser reports the wider window (a media-query
            // change event): wait for that before narrowing again, or both resizes can land between two
            // of the browser's media-query checks and no change is ever reported.
            await expect(toggle).toHaveAttribute('aria-expanded', 'false')
            await page.setViewportSize({ width: 1000, height: 800 })
            await expect(toggle).toHaveAttribute('aria-expanded', 'false')
            await expect(side).toBeHidden()
          },
        )

      await step(
        '4 · footer: groups, banner, Support block, social icons swap on hover, logo to /',
        async () => {
          await open(page, inLanguage('/', language))
          const footer = page.getByTestId('site-footer')
          const groups = footer.locator('.fr-footer__group')
          await expect(groups).toHaveCount(4)
          for (const [index, group] of FOOTER_GROUPS.entries()) {
            const links = groups.nth(index).getByRole('link')
            await expect(links).toHaveCount(group.entries.length)
            for (const [i, entry] of group.entries.entries()) {
              const link = links.nth(i)
              const expected = entry.href.startsWith('http')
                ? entry.href
                : language === 'zh'
                  ? entry.href.replace(/(#.*)?$/, '?language=zh$1')
                  : entry.href
              await expect(link).toHaveAttribute('href', expected)
              if (entry.target) {
                await expect(link).toHaveAttribute('target', '_blank')
                await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
              } else await expect(link).not.toHaveAttribute('target', /.*/)
            }
          }
          await expect(footer.getByRole('heading', { name: T.footer.bannerTitle })).toBeVisible()
          await expect(footer.getByText(T.footer.bannerText)).toBeVisible()
          await expect(footer.getByPlaceholder(T.footer.emailPlaceholder)).toBeVisible()

          const support = footer.locator('.fr-support')
          await expect(support.getByRole('heading', { name: T.footer.support })).toBeVisible()
          await expect(support.getByRole('link', { name: 'support@sobot.io' })).toHaveAttribute(
            'href',
            'mailto:support@sobot.io',
          )
          const social = support.locator('.fr-social__link')
          await expect(social).toHaveCount(4)
          for (let i = 0; i < 4; i += 1) {
            await expect(social.nth(i)).toHaveAttribute('target', '_blank')
            await expect(social.nth(i)).toHaveAttribute('rel', 'noopener noreferrer')
          }
          const linkedin = page.getByTestId('social-linkedin')
          await linkedin.scrollIntoViewIfNeeded()
          const plain = linkedin.locator('img').first()
          const hovered = linkedin.locator('img.fr-social__icon--hover')
          await expect(plain).toBeVisible()
          await expect(hovered).toBeHidden()
          await linkedin.hover()
          await expect(hovered).toBeVisible()
          await expect(plain).toBeHidden()
          await expect(hovered).toHaveAttribute('src', '/auth/_next/static/media/social-linkedin-hover.svg')

          await expect(footer.getByRole('link', { name: T.logoAlt })).toHaveAttribute(
            'href',
            inLanguage('/', language),
          )
          await expect(page.locator('.fr-header').getByRole('link', { name: T.logoAlt })).toHaveAttribute(
            'href',
            inLanguage('/', language),
          )
        },
      )

      await step(
        '4 · the work e-mail goes unchecked into the sign-up link, on Enter and on click',
        async () => {
          expect(
            await footerEmailOnEnter(
              page,
              inLanguage('/chatbot', language),
              T.footer.emailPlaceholder,
              'not checked@example',
            ),
          ).toBe(`?language=${SIGN_UP_LANGUAGE[language]}&serviceEmail=not%20checked%40example`)

          await open(page, inLanguage('/', language))
          await page.getByPlaceholder(T.footer.emailPlaceholder).fill('ana@example.com')
          const navigation = signUpNavigation(page)
          await page.locator('.fr-banner').getByRole('button', { name: T.footer.bannerButton }).click()
          expect(await navigation).toBe(
            `?language=${SIGN_UP_LANGUAGE[language]}&serviceEmail=ana%40example.com`,
          )
        },
      )

      await step(
        '5 · in-site links navigate client-side; the language switch is a full page load',
        async () => {
          await open(page, inLanguage('/', language))
          await markWindow(page)
          await page
            .getByRole('navigation', { name: T.nav.label })
            .getByRole('link', { name: T.nav.customers })
            .click()
          await expect(page).toHaveURL(inLanguage('/customers', language))
          await expect(page.getByRole('heading', { level: 1, name: T.items.customers.title })).toBeVisible()
          expect(await windowIsMarked(page), 'client-side navigation').toBe(true)
          await expect(page).toHaveTitle(
            `${T.items.customers.title} | ${OVERVIEW[language].metaTitle.split('| ')[1]}`,
          )

          const other = language === 'en' ? 'zh' : 'en'
          await page.locator('.fr-actions').getByTestId('language-switch').click()
          await page.waitForURL(
            (url) => url.pathname === '/customers' && url.search === (other === 'zh' ? '?language=zh' : ''),
          )
          await hydrated(page)
          expect(await windowIsMarked(page), 'full page load').toBe(false)
          await expect(page.locator('html')).toHaveAttribute('lang', other === 'zh' ? 'zh-CN' : 'en')
          await expect(
            page.getByRole('heading', { level: 1, name: TEXT[other].items.customers.title }),
          ).toBeVisible()
        },
      )
    })
  })

  test.describe(`phone 375 · ${language}`, () => {
    test.use(PHONE)

    test('2 · phones get the 47px logo header from the server, with a side menu of accordions', async ({
      page,
    }) => {
      await open(page, inLanguage('/', language))
      const header = page.getByTestId('site-header')
      await expect(header).toHaveClass(/fr-header--phone/)
      expect((await header.boundingBox())?.height).toBe(47)
      await expect(page.locator('.fr-nav')).toHaveCount(0)

      const toggle = page.locator('#fr-toggle')
      await expect(toggle).toHaveAccessibleName(T.nav.openMenu)
      await toggle.click()
      await expect(toggle).toHaveAccessibleName(T.nav.closeMenu)
      const side = page.locator('#fr-side-menu')
      await expect(side).toBeVisible()
      const productsHead = side.getByRole('button', { name: T.nav.products })
      const solutionsHead = side.getByRole('button', { name: T.nav.solutions })
      await productsHead.click()
      await expect(productsHead).toHaveAttribute('aria-expanded', 'true')
      await expect(side.getByRole('link', { name: T.items.chatbot.title })).toBeVisible()
      await solutionsHead.click()
      await expect(solutionsHead).toHaveAttribute('aria-expanded', 'true')
      await expect(productsHead).toHaveAttribute('aria-expanded', 'false')
      await expect(side.getByRole('link', { name: T.items.chatbot.title })).toBeHidden()
      await solutionsHead.click()
      await expect(solutionsHead).toHaveAttribute('aria-expanded', 'false')
      await expect(side.getByRole('link', { name: T.buttons.login })).toHaveAttribute(
        'href',
        `/auth/sign_in?language=${language}`,
      )
      await expect(side.getByTestId('language-switch')).toBeVisible()

      await side.getByRole('link', { name: T.nav.customers }).click()
      await expect(page).toHaveURL(inLanguage('/customers', language))
      await expect(side).toBeHidden()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    })

    if (takesTurn(1, language))
      test('11 · the accordions work with the keyboard; Escape closes the menu', async ({ page }) => {
        await open(page, inLanguage('/', language))
        const toggle = page.locator('#fr-toggle')
        await toggle.focus()
        await page.keyboard.press('Enter')
        const side = page.locator('#fr-side-menu')
        await expect(side).toBeVisible()
        await page.keyboard.press('Tab')
        const productsHead = side.getByRole('button', { name: T.nav.products })
        await expect(productsHead).toBeFocused()
        expect(await productsHead.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe(
          'none',
        )
        await page.keyboard.press('Enter')
        await expect(productsHead).toHaveAttribute('aria-expanded', 'true')
        await page.keyboard.press('Tab')
        await expect(side.getByRole('link', { name: T.items.chatbot.title })).toBeFocused()
        await productsHead.focus()
        await page.keyboard.press('ArrowDown')
        const solutionsHead = side.getByRole('button', { name: T.nav.solutions })
        await expect(solutionsHead).toBeFocused()
        await page.keyboard.press('Space')
        await expect(solutionsHead).toHaveAttribute('aria-expanded', 'true')
        await expect(productsHead).toHaveAttribute('aria-expanded', 'false')
        await page.keyboard.press('End')
        await expect(side.getByRole('button', { name: T.nav.resources })).toBeFocused()
        await page.keyboard.press('Escape')
        await expect(side).toBeHidden()
        await expect(toggle).toBeFocused()
      })

    if (takesTurn(0, language))
      test('4 · footer banner works on the phone too', async ({ page }) => {
        expect(
          await footerEmailOnEnter(
            page,
            inLanguage('/about', language),
            T.footer.emailPlaceholder,
            'team@example.org',
          ),
        ).toBe(`?language=${SIGN_UP_LANGUAGE[language]}&serviceEmail=team%40example.org`)
      })
  })
}

test.describe('phone user agents', () => {
  test('2 · iOS and Android user agents get the phone header in the server HTML', async ({ request }) => {
    for (const userAgent of [IPHONE_UA, ANDROID_UA]) {
      const html = await (await request.get('/', { headers: { 'user-agent': userAgent } })).text()
      expect(html).toContain('fr-header--phone')
      expect(html).not.toContain('class="fr-nav"')
    }
    const desktop = await (await request.get('/')).text()
    expect(desktop).toContain('fr-header--desktop')
    expect(desktop).toContain('class="fr-nav"')
  })
})

test.describe('3 · hidden frame', () => {
  test.use(DESKTOP)

  test('no bar or footer inside the desktop app (user agent marker)', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: DESKTOP_APP_UA,
      viewport: { width: 1440, height: 900 },
    })
    const page = await context.newPage()
    await open(page, '/auth/sign_in')
    await expect(page.locator('.frame')).toHaveAttribute('data-frame', 'desktopApp')
    await expect(page.getByTestId('site-header')).toHaveCount(0)
    await expect(page.getByTestId('site-footer')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await page.goto('/chatbot?language=zh')
    await expect(page.getByTestId('site-header')).toHaveCount(0)
    await context.close()
  })

  test('no bar or footer in an oauth connect context (?oauth=connect)', async ({ page, request }) => {
    for (const language of LANGUAGES) {
      await open(page, inLanguage('/auth/sign_in?oauth=connect&provider=shopify', language))
      await expect(page.locator('.frame')).toHaveAttribute('data-frame', 'oauthConnect')
      await expect(page.getByTestId('site-header')).toHaveCount(0)
      await expect(page.getByTestId('site-footer')).toHaveCount(0)
    }
    const html = await (await request.get('/auth/sign_in?oauth=connect')).text()
    expect(html).not.toContain('site-header')
    await open(page, '/auth/sign_in?oauth=login')
    await expect(page.getByTestId('site-header')).toBeVisible()
  })
})

test.describe('5 · languages', () => {
  test.use(DESKTOP)

  test('language=zh|zh_CN gives Chinese, en|en_US English; the default is dropped with a redirect', async ({
    browser,
  }) => {
    const english = await browser.newContext({ locale: 'en-US' })
    const page = await english.newPage()
    for (const value of ['zh', 'zh_CN']) {
      await page.goto(`/chatbot?utm=a&language=${value}`)
      await expect(page).toHaveURL(`/chatbot?utm=a&language=${value}`)
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.zh.items.chatbot.title)
    }
    for (const value of ['en', 'en_US']) {
      await page.goto(`/chatbot?utm=a&language=${value}&b=2`)
      await expect(page).toHaveURL('/chatbot?utm=a&b=2')
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    }
    await english.close()

    const chinese = await browser.newContext({ locale: 'zh-CN' })
    const zhPage = await chinese.newPage()
    await zhPage.goto('/')
    await expect(zhPage.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(zhPage.getByRole('heading', { level: 1 })).toHaveText(HOME.zh.title)
    await zhPage.goto('/?language=zh_CN')
    await expect(zhPage).toHaveURL('/')
    await zhPage.goto('/?language=en')
    await expect(zhPage).toHaveURL('/?language=en')
    await expect(zhPage.getByRole('heading', { level: 1 })).toHaveText(HOME.en.title)
    await chinese.close()
  })

  test('an explicit language stays on in-site links; the switch goes back to the default URL', async ({
    page,
  }) => {
    await open(page, '/?language=zh')
    const footerLink = page
      .getByTestId('site-footer')
      .getByRole('link', { name: TEXT.zh.items.voicebot.title })
    await expect(footerLink).toHaveAttribute('href', '/voicebot?language=zh')
    await footerLink.click()
    await expect(page).toHaveURL('/voicebot?language=zh')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.zh.items.voicebot.title)
    await page.locator('.fr-actions').getByTestId('language-switch').click()
    await expect(page).toHaveURL('/voicebot')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.items.voicebot.title)
  })

  test('6 · the international edition defaults to English and uses its favicon', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
      'href',
      '/auth/_next/static/media/favicon.svg',
    )
    await context.close()
  })
})
