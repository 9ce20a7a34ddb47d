import { existsSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { IMAGE_QUALITY, IMAGE_SIZES, IMAGE_WIDTHS, MARKETING_EMAIL } from '../../../shared/frame/constants.ts'
import { FOOTER_GROUPS, SOCIAL_ENTRIES } from '../../../shared/frame/footer.ts'
import { frameHiddenReason, isAloneItem, isEmbeddedInDesktopApp } from '../../../shared/frame/hidden.ts'
import { canonicalHref, editionLanguage } from '../../../shared/frame/meta.ts'
import { headerButtons, LOGO, NAV_MENUS, navLeaves } from '../../../shared/frame/navigation.ts'
import { MARKETING_PAGES, marketingPageForPath, relatedPages } from '../../../shared/frame/pages.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { ROOT } from '../../helper.ts'

t.test(
  'navigation › the menus and groups of spec §2, each item with title, desc, icon, alt, path, target',
  async (t) => {
    t.same(
      NAV_MENUS.map((menu) => menu.title),
      ['nav.products', 'nav.solutions', 'nav.customers', 'nav.resources', 'nav.about'],
    )
    const groups = (id: string) =>
      NAV_MENUS.find((menu) => menu.id === id)?.items?.map((g) => [g.title, g.items.map((i) => i.id)])
    t.same(groups('products'), [
      ['nav.omnichannelService', ['chatbot', 'livechat', 'voice', 'ticketing']],
      ['nav.salesMarketing', ['whatsapp', 'voiceForSales', 'voicebot']],
    ])
    t.same(groups('solutions'), [
      ['nav.useCases', ['ai', 'omnichannel', 'marketing']],
      ['nav.industries', ['retail', 'financial']],
    ])
    t.same(groups('resources'), [
      ['nav.docs', ['help', 'developer', 'productUpdates']],
      ['nav.explore', ['sobotapp', 'blog', 'deliver']],
    ])
    for (const item of navLeaves()) {
      t.ok(item.title && item.desc && item.icon && item.alt, `${item.id} has every field`)
      t.ok(item.path ?? item.href, `${item.id} has a path or href`)
    }
    const targets = Object.fromEntries(navLeaves().map((item) => [item.id, item.target]))
    t.equal(targets.help, '_blank', 'help docs in a new tab')
    t.equal(targets.developer, '_blank', 'developer docs in a new tab')
    t.equal(targets.productUpdates, '_blank')
    t.equal(targets.blog, undefined)
  },
)

t.test('header buttons › Login and Free Trial carry the language, Book Demo goes to /demo/', async (t) => {
  const buttons = Object.fromEntries(headerButtons({ signedIn: false }).map((b) => [b.id, b]))
  t.equal(buttons.login?.href, '/auth/sign_in?language={language}')
  t.equal(buttons.freeTrial?.href, '/auth/sign_up?language={signUpLanguage}')
  t.equal(buttons.bookDemo?.href, '/demo/')
  t.ok(Object.values(buttons).every((b) => b.visible))
  t.notOk(headerButtons({ signedIn: true }).find((b) => b.id === 'login')?.visible, 'no Login when signed in')
  t.equal(LOGO.path, '/')
})

t.test('footer › the four groups with their paths and targets (spec §2)', async (t) => {
  const rows = FOOTER_GROUPS.map((group) => [
    group.title,
    group.entries.map((e) => `${e.href}${e.target ? ` ${e.target}` : ''}`),
  ])
  t.same(rows, [
    [
      'nav.products',
      ['/chatbot', '/livechat', '/voice', '/ticketing', '/whatsapp', '/voice-for-sales', '/voicebot'],
    ],
    ['nav.solutions', ['/ai', '/omnichannel', '/marketing', '/retail', '/financial']],
    [
      'nav.resources',
      [
        '/customers',
        '/help _blank',
        '/developer _blank',
        'https://updates.sobot.io/ _blank',
        '/sobotapp',
        '/deliver',
        '/blog',
      ],
    ],
    [
      'nav.about',
      [
        '/about',
        '/about#contactUs',
        '/privacy-protection-policy _blank',
        '/terms-of-services _blank',
        '/data_processing_agreement _blank',
      ],
    ],
  ])
  t.equal(SOCIAL_ENTRIES.length, 4)
  for (const entry of SOCIAL_ENTRIES) {
    t.match(entry.link, /^https:\/\//)
    t.not(entry.icon, entry.hoveredIcon)
  }
  t.match(MARKETING_EMAIL, /^[^@\s]+@[^@\s]+$/)
})

t.test('pages › every in-site link of the frame has a page; unknown paths have none', async (t) => {
  const inSite = [
    ...navLeaves().flatMap((item) => (item.path ? [item.path] : [])),
    ...NAV_MENUS.flatMap((menu) => (menu.path ? [menu.path] : [])),
    ...FOOTER_GROUPS.flatMap((group) => group.entries.map((entry) => entry.href)).filter(
      (href) => !href.startsWith('http'),
    ),
  ]
  for (const href of inSite) {
    const pathname = href.split('#')[0] ?? href
    t.ok(marketingPageForPath(pathname), `${href} has a page`)
  }
  t.equal(marketingPageForPath('/nope'), undefined)
  t.equal(marketingPageForPath('/'), undefined, '/ is the home page, not an overview')
  t.equal(marketingPageForPath('/demo/'), undefined, 'Book Demo is the booking form /auth/demo')
  t.equal(new Set(MARKETING_PAGES.map((p) => p.path)).size, MARKETING_PAGES.length, 'paths are unique')
  const chatbot = marketingPageForPath('/chatbot')
  t.same(chatbot && relatedPages(chatbot).map((p) => p.id), ['livechat', 'voice', 'ticketing'])
})

t.test('images › every icon, logo and social image exists in public/static/media', async (t) => {
  const names = [
    LOGO.icon,
    'logo-white.svg',
    ...navLeaves().map((item) => item.icon ?? ''),
    ...MARKETING_PAGES.map((page) => page.icon),
    ...SOCIAL_ENTRIES.flatMap((entry) => [entry.icon, entry.hoveredIcon]),
  ]
  for (const name of new Set(names)) t.ok(existsSync(path.join(ROOT, 'public/static/media', name)), name)
  t.same([...IMAGE_WIDTHS], [640, 750, 828, 1080, 1200, 1920, 2048, 3840])
  t.same([...IMAGE_SIZES], [16, 32, 48, 64, 96, 128, 256, 384])
  t.equal(IMAGE_QUALITY, 75)
})

t.test('i18n › every text key of the frame data exists in English and Chinese', async (t) => {
  const keys = new Set<string>([LOGO.alt])
  for (const menu of NAV_MENUS) {
    keys.add(menu.title)
    for (const group of menu.items ?? []) {
      keys.add(group.title)
      for (const item of group.items)
        for (const key of [item.title, item.desc, item.alt]) if (key) keys.add(key)
    }
  }
  for (const group of FOOTER_GROUPS) {
    keys.add(group.title)
    for (const entry of group.entries) keys.add(entry.text)
  }
  for (const entry of SOCIAL_ENTRIES) keys.add(entry.title)
  for (const button of headerButtons({ signedIn: false })) keys.add(button.title)
  for (const page of MARKETING_PAGES)
    for (const field of ['title', 'desc', 'alt', 'keywords', 'body']) keys.add(`items.${page.id}.${field}`)
  for (const page of MARKETING_PAGES) keys.add(`page.kind.${page.kind}`)
  for (const language of ['en', 'zh'] as const) {
    const i18n = i18nFor(language)
    for (const key of keys) t.ok(i18n.exists(`frame:${key}`), `${language}: frame:${key}`)
  }
  t.equal(i18nFor('en').t('frame:footer.bannerTitle'), 'Get a 15-day Free Trial')
  t.equal(i18nFor('en').t('frame:footer.bannerText'), 'Improve Your Business at 0 Cost')
  t.equal(i18nFor('en').t('frame:footer.bannerButton'), 'Free Trial')
  t.equal(i18nFor('en').t('frame:footer.emailPlaceholder'), 'Your workmail')
  t.equal(i18nFor('en').t('frame:footer.support'), 'Support')
})

function PlainPage() {
  return null
}
function AlonePage() {
  return null
}
AlonePage.aloneItem = true

t.test('hidden frame › desktop app user agent, aloneItem pages and the oauth connect context', async (t) => {
  const shown = { userAgent: 'Mozilla/5.0 Chrome/130', search: {}, aloneItem: false }
  t.equal(frameHiddenReason(shown), null)
  t.equal(
    frameHiddenReason({ ...shown, userAgent: 'Mozilla/5.0 SobotDesktop/3.2.1 Electron/30' }),
    'desktopApp',
  )
  t.equal(frameHiddenReason({ ...shown, aloneItem: true }), 'aloneItem')
  t.equal(frameHiddenReason({ ...shown, search: { oauth: 'connect' } }), 'oauthConnect')
  t.equal(frameHiddenReason({ ...shown, search: { oauth: 'login' } }), null)
  t.notOk(isEmbeddedInDesktopApp(undefined))
  t.notOk(isAloneItem(PlainPage))
  t.ok(isAloneItem(AlonePage))
  t.notOk(isAloneItem({ aloneItem: true }), 'only a page component')
})

t.test('meta › canonical is the path, with the language when it is not the edition’s', async (t) => {
  t.equal(editionLanguage('international'), 'en')
  t.equal(editionLanguage('chinese'), 'zh')
  t.equal(canonicalHref('/chatbot', 'en', 'international'), '/chatbot')
  t.equal(canonicalHref('/chatbot/', 'zh', 'international'), '/chatbot?language=zh')
  t.equal(canonicalHref('/', 'zh', 'chinese'), '/')
  t.equal(canonicalHref('/', 'en', 'chinese'), '/?language=en')
  t.equal(canonicalHref('//evil.example/', 'en', 'international'), '/evil.example')
})
