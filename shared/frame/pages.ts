import { NAV_MENUS } from './navigation.ts'

export type PageKind = 'product' | 'solution' | 'resource' | 'company' | 'legal'

/** A marketing overview page of this site; its texts are `items.<id>.{title,desc,alt,keywords,body}`. */
export interface MarketingPage {
  id: string
  /** Without a trailing slash (Vike redirects `/demo/` to `/demo`). */
  path: string
  icon: string
  kind: PageKind
  /** The nav group it belongs to (i18n key), for "more like this" links. */
  group?: string
}

const KIND_BY_MENU: Record<string, PageKind> = {
  products: 'product',
  solutions: 'solution',
  resources: 'resource',
}

function fromNavigation(): MarketingPage[] {
  const pages: MarketingPage[] = []
  for (const menu of NAV_MENUS) {
    for (const navGroup of menu.items ?? []) {
      for (const item of navGroup.items) {
        if (!item.path) continue // absolute links leave the site
        pages.push({
          id: item.id,
          path: item.path,
          icon: item.icon ?? `icon-${item.id}.svg`,
          kind: KIND_BY_MENU[menu.id] ?? 'resource',
          group: navGroup.title,
        })
      }
    }
  }
  return pages
}

/**
 * Every in-site page the frame links to, besides `/` and the account area (/auth/*). Book Demo
 * (`/demo/`) is not one: the BFF sends it to the booking form /auth/demo.
 */
export const MARKETING_PAGES: MarketingPage[] = [
  ...fromNavigation(),
  { id: 'customers', path: '/customers', icon: 'icon-customers.svg', kind: 'company' },
  { id: 'about', path: '/about', icon: 'icon-about.svg', kind: 'company' },
  { id: 'privacy', path: '/privacy-protection-policy', icon: 'icon-legal.svg', kind: 'legal' },
  { id: 'terms', path: '/terms-of-services', icon: 'icon-legal.svg', kind: 'legal' },
  { id: 'dpa', path: '/data_processing_agreement', icon: 'icon-legal.svg', kind: 'legal' },
]

const BY_PATH = new Map(MARKETING_PAGES.map((page) => [page.path, page]))
const BY_ID = new Map(MARKETING_PAGES.map((page) => [page.id, page]))

/** The page served at this pathname (a trailing slash is ignored), if any. */
export function marketingPageForPath(pathname: string): MarketingPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return BY_PATH.get(path)
}

export function marketingPageById(id: string): MarketingPage | undefined {
  return BY_ID.get(id)
}

/** Siblings in the same nav group, for the "more" cards of an overview page. */
export function relatedPages(page: MarketingPage): MarketingPage[] {
  if (!page.group) return MARKETING_PAGES.filter((other) => other.kind === page.kind && other.id !== page.id)
  return MARKETING_PAGES.filter((other) => other.group === page.group && other.id !== page.id)
}
