import { LANGUAGE_PLACEHOLDER, PRODUCT_UPDATES_URL, SIGN_UP_LANGUAGE_PLACEHOLDER } from './constants.ts'
import type { HeaderButton, NavGroup, NavItem, NavLogo } from './types.ts'

/** A sub-menu link whose texts are `items.<id>.{title,desc,alt}` and icon `icon-<id>.svg`. */
function leaf(id: string, path: string, target?: NavItem['target']): NavItem {
  const item: NavItem = {
    id,
    title: `items.${id}.title`,
    desc: `items.${id}.desc`,
    alt: `items.${id}.alt`,
    icon: `icon-${id}.svg`,
  }
  if (path.startsWith('http')) item.href = path
  else item.path = path
  if (target) item.target = target
  return item
}

function group(title: string, items: NavItem[]): NavGroup {
  return { title, items }
}

/** The navigation menu exactly as spec §2 lists it. */
export const NAV_MENUS: NavItem[] = [
  {
    id: 'products',
    title: 'nav.products',
    items: [
      group('nav.omnichannelService', [
        leaf('chatbot', '/chatbot'),
        leaf('livechat', '/livechat'),
        leaf('voice', '/voice'),
        leaf('ticketing', '/ticketing'),
      ]),
      group('nav.salesMarketing', [
        leaf('whatsapp', '/whatsapp'),
        leaf('voiceForSales', '/voice-for-sales'),
        leaf('voicebot', '/voicebot'),
      ]),
    ],
  },
  {
    id: 'solutions',
    title: 'nav.solutions',
    items: [
      group('nav.useCases', [
        leaf('ai', '/ai'),
        leaf('omnichannel', '/omnichannel'),
        leaf('marketing', '/marketing'),
      ]),
      group('nav.industries', [leaf('retail', '/retail'), leaf('financial', '/financial')]),
    ],
  },
  { id: 'customers', title: 'nav.customers', path: '/customers' },
  {
    id: 'resources',
    title: 'nav.resources',
    items: [
      group('nav.docs', [
        leaf('help', '/help', '_blank'),
        leaf('developer', '/developer', '_blank'),
        leaf('productUpdates', PRODUCT_UPDATES_URL, '_blank'),
      ]),
      group('nav.explore', [
        leaf('sobotapp', '/sobotapp'),
        leaf('blog', '/blog'),
        leaf('deliver', '/deliver'),
      ]),
    ],
  },
  { id: 'about', title: 'nav.about', path: '/about' },
]

/** Every sub-menu link, in menu order. */
export function navLeaves(menus: NavItem[] = NAV_MENUS): NavItem[] {
  return menus.flatMap((menu) => menu.items?.flatMap((g) => g.items) ?? [])
}

export const LOGO: NavLogo = {
  path: '/',
  icon: 'logo.svg',
  alt: 'logoAlt',
  width: 132,
  height: 36,
}

/** Header buttons (spec §2): Login and Free Trial carry the language, Book Demo goes to /demo/. */
export function headerButtons(options: { signedIn: boolean }): HeaderButton[] {
  return [
    {
      id: 'login',
      type: 'text',
      href: `/auth/sign_in?language=${LANGUAGE_PLACEHOLDER}`,
      // A signed-in visitor has nothing to log in to.
      visible: !options.signedIn,
      title: 'buttons.login',
    },
    {
      id: 'freeTrial',
      type: 'primary',
      href: `/auth/sign_up?language=${SIGN_UP_LANGUAGE_PLACEHOLDER}`,
      // A signed-in visitor has an account already: the bar shows it instead (issue 18 point 8).
      visible: !options.signedIn,
      title: 'buttons.freeTrial',
    },
    { id: 'bookDemo', type: 'default', href: '/demo/', visible: true, title: 'buttons.bookDemo' },
  ]
}
