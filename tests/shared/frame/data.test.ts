import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import {
  IMAGE_QUALITIES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  MARKETING_EMAIL,
} from '../../../shared/frame/constants.ts'
import { FOOTER_GROUPS, SOCIAL_ENTRIES } from '../../../shared/frame/footer.ts'
import { frameHiddenReason, isAloneItem, isEmbeddedInDesktopApp } from '../../../shared/frame/hidden.ts'
import { canonicalHref, editionLanguage } from '../../../shared/frame/meta.ts'
import { headerButtons, LOGO, NAV_MENUS, navLeaves } from '../../../shared/frame/navigation.ts'
import { MARKETING_PAGES, marketingPageForPath, relatedPages } from '../../../shared/frame/pages.ts'
import type { NavItem } from '../../../shared/frame/types.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { ROOT } from '../../support/root.ts'

/** Every link of the header menus: sub-menu leaves and top-level items with a path. */
const menuLinks = [...navLeaves(), ...NAV_MENUS.filter((menu) => menu.path)]
const footerEntries = FOOTER_GROUPS.flatMap((group) => group.entries)
const isAbsolute = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')
/** A path of this site: one leading slash, no scheme, no backslash or white space. */
const isSitePath = (href: string) => /^\/(?!\/)[^\s\\]*$/.test(href)
const duplicates = (values: string[]) => [
  ...new Set(values.filter((value, i) => values.indexOf(value) !== i)),
]

t.test(
  'navigation › every menu link is complete, named after its id, and on this site or https',
  async (t) => {
    const incomplete = navLeaves()
      .filter((item) => !(item.title && item.desc && item.icon && item.alt && (item.path ?? item.href)))
      .map((item) => item.id)
    const emptyMenus = NAV_MENUS.filter(
      (menu) => !menu.path && !menu.items?.some((group) => group.items.length > 0),
    ).map((menu) => menu.id)
    const misnamed = NAV_MENUS.filter((menu) => menu.title !== `nav.${menu.id}`).map((menu) => menu.id)
    const badAddress = menuLinks
      .filter((item) => (item.path ? !isSitePath(item.path) : !item.href?.startsWith('https://')))
      .map((item) => `${item.id}: ${item.path ?? item.href}`)
    t.same(
      { incomplete, emptyMenus, misnamed, badAddress },
      { incomplete: [], emptyMenus: [], misnamed: [], badAddress: [] },
    )
  },
)

t.test('navigation › ids are unique across menus and sub-menus', async (t) => {
  t.same(duplicates([...NAV_MENUS, ...navLeaves()].map((item) => item.id)), [])
})

t.test(
  'navigation › the Docs group and every link leaving the site open in a new tab, nothing else',
  async (t) => {
    const docs = NAV_MENUS.flatMap((menu) => menu.items ?? []).find((group) => group.title === 'nav.docs')
    t.ok(docs?.items.length, 'the menus have a Docs group')
    const shouldOpenNewTab = (item: NavItem) =>
      Boolean(docs?.items.includes(item) || (item.href && isAbsolute(item.href)))
    t.same(
      menuLinks
        .filter((item) => (item.target === '_blank') !== shouldOpenNewTab(item))
        .map((item) => item.id),
      [],
      'links whose target is not the rule’s',
    )
  },
)

t.test('header buttons › Login and Free Trial carry the language, Book Demo goes to /demo/', async (t) => {
  const buttons = Object.fromEntries(headerButtons({ signedIn: false }).map((b) => [b.id, b]))
  t.equal(buttons.login?.href, '/auth/sign_in?language={language}')
  t.equal(buttons.freeTrial?.href, '/auth/sign_up?language={signUpLanguage}')
  t.equal(buttons.bookDemo?.href, '/demo/')
  t.ok(Object.values(buttons).every((b) => b.visible))
  t.notOk(headerButtons({ signedIn: true }).find((b) => b.id === 'login')?.visible, 'no Login when signed in')
  t.notOk(
    headerButtons({ signedIn: true }).find((b) => b.id === 'freeTrial')?.visible,
    'no Free Trial when signed in (issue 18 point 8)',
  )
  t.equal(LOGO.path, '/')
})

t.test('footer › each menu page is in the footer, with the same address and target', async (t) => {
  const inFooter = new Map(footerEntries.map((entry) => [entry.href, entry]))
  const differing = menuLinks
    .map((item) => ({ id: item.id, href: item.path ?? item.href ?? '', target: item.target }))
    .filter((link) => !inFooter.has(link.href) || inFooter.get(link.href)?.target !== link.target)
  t.same(differing, [], 'menu links missing from the footer or opening differently there')
})

t.test(
  'footer › groups are menu titles; links are unique, on this site or https; legal pages in a new tab',
  async (t) => {
    const menuTitles = new Set(NAV_MENUS.map((menu) => menu.title))
    const legal = MARKETING_PAGES.filter((page) => page.kind === 'legal').map((page) => page.path)
    t.ok(legal.length > 0, 'there are legal pages')
    t.same(
      {
        strayGroups: FOOTER_GROUPS.filter((g) => !menuTitles.has(g.title) || !g.entries.length).map(
          (g) => g.title,
        ),
        twice: duplicates(footerEntries.map((entry) => entry.href)),
        badAddress: footerEntries
          .filter((entry) => !(isSitePath(entry.href) || entry.href.startsWith('https://')))
          .map((entry) => entry.href),
        legalNotInNewTab: legal.filter(
          (path) => footerEntries.find((entry) => entry.href === path)?.target !== '_blank',
        ),
      },
      { strayGroups: [], twice: [], badAddress: [], legalNotInNewTab: [] },
    )
  },
)

t.test('footer › social links are https, each with its own hover icon, none twice', async (t) => {
  t.ok(SOCIAL_ENTRIES.length > 0)
  t.same(
    {
      notHttps: SOCIAL_ENTRIES.filter((entry) => !entry.link.startsWith('https://')).map((e) => e.link),
      sameHoverIcon: SOCIAL_ENTRIES.filter((entry) => entry.icon === entry.hoveredIcon).map((e) => e.icon),
      twice: duplicates(
        SOCIAL_ENTRIES.flatMap((entry) => [entry.link, entry.icon, entry.hoveredIcon, entry.style]),
      ),
    },
    { notHttps: [], sameHoverIcon: [], twice: [] },
  )
  t.match(MARKETING_EMAIL, /^[^@\s]+@[^@\s]+$/)
})

t.test('pages › every in-site link of the frame has a page; unknown paths have none', async (t) => {
  const inSite = [
    ...menuLinks.map((item) => item.path ?? item.href ?? ''),
    ...footerEntries.map((e) => e.href),
  ].filter((href) => !isAbsolute(href))
  t.same(
    inSite.filter((href) => !marketingPageForPath(href.split('#')[0] ?? href)),
    [],
    'frame links without a page',
  )
  t.equal(marketingPageForPath('/nope'), undefined)
  t.equal(marketingPageForPath('/'), undefined, '/ is the home page, not an overview')
  t.equal(marketingPageForPath('/demo/'), undefined, 'Book Demo is the booking form /auth/demo')
  t.same(duplicates(MARKETING_PAGES.map((p) => p.path)), [], 'paths are unique')
  t.same(duplicates(MARKETING_PAGES.map((p) => p.id)), [], 'ids are unique')
})

t.test('pages › the "more" cards of a page are its siblings: never itself, same group or kind', async (t) => {
  const odd = MARKETING_PAGES.flatMap((page) => {
    const related = relatedPages(page)
    const strangers = related.filter((other) =>
      page.group ? other.group !== page.group : other.kind !== page.kind,
    )
    const problems = [
      ...(related.includes(page) ? ['itself'] : []),
      ...strangers.map((other) => `stranger ${other.id}`),
    ]
    return problems.length ? [`${page.id}: ${problems.join(', ')}`] : []
  })
  t.same(odd, [])
  const groupedPage = MARKETING_PAGES.find((page) => page.group)
  t.ok(groupedPage && relatedPages(groupedPage).length > 0, 'a product page has siblings to show')
})

t.test('images › every icon, logo and social image exists in public/static/media', async (t) => {
  const names = [
    LOGO.icon,
    'logo-white.svg',
    ...navLeaves().map((item) => item.icon ?? ''),
    ...MARKETING_PAGES.map((page) => page.icon),
    ...SOCIAL_ENTRIES.flatMap((entry) => [entry.icon, entry.hoveredIcon]),
  ]
  t.same(
    [...new Set(names)].filter((name) => !existsSync(path.join(ROOT, 'public/static/media', name))),
    [],
    'missing image files',
  )
})

t.test(
  'images › the widths the image service offers are ordered, distinct, sizes below device widths',
  async (t) => {
    const ascending = (list: readonly number[]) =>
      list.every((value, i) => i === 0 || value > (list[i - 1] ?? 0))
    t.same(
      {
        widthsAscending: ascending(IMAGE_WIDTHS),
        sizesAscending: ascending(IMAGE_SIZES),
        sizesBelowWidths: Math.max(...IMAGE_SIZES) < Math.min(...IMAGE_WIDTHS),
        qualityInRange: IMAGE_QUALITY > 0 && IMAGE_QUALITY <= 100,
        qualityOffered: (IMAGE_QUALITIES as readonly number[]).includes(IMAGE_QUALITY),
      },
      {
        widthsAscending: true,
        sizesAscending: true,
        sizesBelowWidths: true,
        qualityInRange: true,
        qualityOffered: true,
      },
    )
  },
)

/** `t('footer.bannerTitle')`: the literal keys the frame's components ask for (all in `frame`). */
function componentKeys(): string[] {
  const dir = path.join(ROOT, 'client/components/frame')
  return readdirSync(dir)
    .filter((file) => file.endsWith('.tsx'))
    .flatMap((file) => [...readFileSync(path.join(dir, file), 'utf8').matchAll(/\bt\('([^'$]+)'\)/g)])
    .map((match) => match[1] ?? '')
}

t.test('i18n › every text key of the frame data and components exists in English and Chinese', async (t) => {
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
    for (const field of ['title', 'desc', 'alt']) keys.add(`items.${page.id}.${field}`)
  const used = componentKeys()
  t.ok(used.includes('footer.bannerTitle'), `${used.length} keys found in the components`)
  for (const key of used) keys.add(key)
  // The overview pages' own texts and every page's keywords are namespaces of their own (ADR 0085).
  const fullKeys = [...keys].map((key) => `frame:${key}`)
  for (const page of MARKETING_PAGES)
    fullKeys.push(`overview:body.${page.id}`, `overview:kind.${page.kind}`, `keywords:pages.${page.id}`)
  const missing = (['en', 'zh'] as const).flatMap((language) =>
    fullKeys.filter((key) => !i18nFor(language).exists(key)).map((key) => `${language}: ${key}`),
  )
  t.same(missing, [])
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
  // Issue 18 point 15: any connect, whether or not the URL says `oauth=connect`.
  t.equal(frameHiddenReason({ ...shown, pathname: '/auth/channel_auth' }), 'oauthConnect')
  t.equal(frameHiddenReason({ ...shown, pathname: '/auth/channel_authStatus' }), 'oauthConnect')
  t.equal(
    frameHiddenReason({ ...shown, pathname: '/auth/sign_in', search: { return: '/auth/channel_auth' } }),
    'oauthConnect',
    'the sign-in that returns to the consent',
  )
  t.equal(frameHiddenReason({ ...shown, pathname: '/auth/sign_in', search: { return: '/auth/demo' } }), null)
  t.equal(frameHiddenReason({ ...shown, pathname: '/auth/sign_in' }), null)
  // Issue 18 point 16: the external app's 404 has the app's frame, not the marketing one.
  const external = { ...shown, externalBase: '/auth/external' }
  t.equal(frameHiddenReason({ ...external, pathname: '/auth/external/nothing' }), 'aloneItem')
  t.equal(frameHiddenReason({ ...external, pathname: '/auth/externally' }), null)
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
