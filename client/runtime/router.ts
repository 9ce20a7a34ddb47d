import type { ComponentType } from 'react'
import type { PageContext } from 'vike/types'
import { DEV_ENTRY, PAGE_DATA_ID, type PageData } from './page-data.ts'
import { type Head, renderPage } from './render.tsx'

/**
 * The browser side of the pages (ADR 0102): hydrates the page the server rendered (React DOM,
 * render.tsx) and makes in-site links client-side navigations (spec §2) —
 * without Vike's client router, which was 28 KB gzip of every page's 100 KB budget.
 *
 * A navigation fetches the next page's HTML (what a full load would get: the BFF's page cache, its
 * routing, guards and redirects), reads its data block and its entry script, imports that entry
 * (each page's `+client.ts`, which calls `definePage`) and renders it into the same React root:
 * the frame stays mounted, title, description and lang follow. Anything that is not such a page
 * (another origin after redirects, a 503 or 429 answer, a network error) becomes a full page load.
 */

type Page = ComponentType
type HistoryMode = 'push' | 'replace' | 'none'

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (Vike's `overwriteLastHistoryEntry`). */
  overwriteLastHistoryEntry?: boolean
  /** Keep the scroll position (a reload of the same page). */
  keepScrollPosition?: boolean
}

interface HistoryState {
  scrollY?: number
}

/** Page components by the URL of the entry that defined them (a module runs once). */
const pagesByEntry = new Map<string, Page>()
/** Set while a navigation imports an entry for the first time: the entry's definePage lands here. */
let definedByImport: ((page: Page) => void) | null = null
let hydrated = false
/** The latest navigation; an older one still fetching gives up when it sees a newer one. */
let navigationCount = 0
/** Path and query of the page now rendered (a popstate to it with another hash renders nothing). */
let renderedLocation = ''

/** Called once by every page's `+client.ts` with its page component. */
export function definePage(page: Page): void {
  if (definedByImport) {
    definedByImport(page)
    return
  }
  if (hydrated) return
  hydrated = true
  void hydrate(page)
}

function readPageData(root: ParentNode): PageData | null {
  const text = root.querySelector(`script#${PAGE_DATA_ID}`)?.textContent
  return text ? (JSON.parse(text) as PageData) : null
}

/**
 * The entry of a page's HTML: in production the one `<script type="module" src>` Vike writes; in
 * development the `+client` file its inline module script imports.
 */
function entryOf(root: ParentNode, base: string): string | null {
  for (const script of [...root.querySelectorAll('script[type="module"]')].reverse()) {
    const src = script.getAttribute('src') ?? DEV_ENTRY.exec(script.textContent ?? '')?.[1]
    if (src) return new URL(src, base).href
  }
  return null
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The parts of Vike's `urlParsed` the pages read, from a URL of this origin. */
function urlParsedOf(url: URL) {
  return {
    pathname: decoded(url.pathname),
    pathnameOriginal: url.pathname,
    search: Object.fromEntries(url.searchParams),
    searchOriginal: url.search || null,
  }
}

/** The pageContext the pages read in the browser: the data block's fields and the URL's. */
function pageContextOf(data: PageData, url: URL, page: Page): PageContext {
  const pageContext = {
    ...data.passed,
    routeParams: data.routeParams,
    is404: data.is404,
    Page: page,
    urlPathname: decoded(url.pathname),
    urlParsed: urlParsedOf(url),
    config: { namespaces: data.namespaces },
  }
  // Vike's type describes its own pageContext; ours carries what the pages read (grep
  // `usePageContext`; the hydration and navigation tests in tests/e2e cover them).
  return pageContext as unknown as PageContext
}

async function hydrate(page: Page): Promise<void> {
  const data = readPageData(document)
  if (!data) return
  const here = new URL(window.location.href)
  const entry = entryOf(document, here.href)
  if (entry) pagesByEntry.set(entry, page)
  renderedLocation = here.pathname + here.search
  await renderPage(pageContextOf(data, here, page), page)
  // The router restores scroll positions itself (history entries keep theirs), as Vike's did; a
  // reload finds the position it left in its entry.
  history.scrollRestoration = 'manual'
  const saved = (history.state as HistoryState | null)?.scrollY
  if (saved !== undefined) restoreScroll(saved)
  listen()
}

/** First imports of entries, one at a time: each entry's definePage must reach its own import. */
let importing: Promise<unknown> = Promise.resolve()

function pageOf(entry: string): Promise<Page> {
  const known = pagesByEntry.get(entry)
  if (known) return Promise.resolve(known)
  const page = importing.then(async () => {
    const again = pagesByEntry.get(entry)
    if (again) return again
    let defined: Page | undefined
    definedByImport = (page) => {
      defined = page
    }
    try {
      // An entry's definePage runs while it is evaluated, before the import resolves.
      await import(/* @vite-ignore */ entry)
      if (!defined) throw new Error(`${entry} defined no page`)
      pagesByEntry.set(entry, defined)
      return defined
    } finally {
      definedByImport = null
    }
  })
  importing = page.catch(() => undefined)
  return page
}

function saveScroll(): void {
  history.replaceState({ ...(history.state as HistoryState | null), scrollY: window.scrollY }, '')
}

/**
 * Back at a position the page may not reach yet: parts loaded on use (Suspense) make it taller over
 * the next frames. Tries again each frame, for at most a second.
 */
function restoreScroll(scrollY: number): void {
  const until = performance.now() + 1000
  const attempt = () => {
    window.scrollTo(0, scrollY)
    if (Math.abs(window.scrollY - scrollY) > 1 && performance.now() < until) requestAnimationFrame(attempt)
  }
  attempt()
}

function scrollAfter(url: URL, scrollY: number | undefined): void {
  if (scrollY !== undefined) {
    restoreScroll(scrollY)
    return
  }
  const target = url.hash ? document.getElementById(decoded(url.hash.slice(1))) : null
  if (target) target.scrollIntoView()
  else window.scrollTo(0, 0)
}

/**
 * Links that start a provider round trip (the BFF's SSO starts and the external app's
 * `start/:provider`, issue 46): full page loads. A fetch() would start one — a state, a unit of
 * the sign-in budget — only to be refused the provider's cross-origin redirect, and the full load
 * after it would start a second.
 */
const ROUND_TRIP_START = /^\/auth\/sso\/(microsoft|saml)$|\/start\/[A-Za-z]+$/

async function go(href: string, mode: HistoryMode, scrollY?: number): Promise<void> {
  if (ROUND_TRIP_START.test(new URL(href).pathname)) return window.location.assign(href)
  const count = ++navigationCount
  let entered = false
  // The URL is in the history already after a popstate, once pushed, and a reload keeps its entry.
  const fullLoad = () =>
    mode === 'push' && !entered ? window.location.assign(href) : window.location.replace(href)
  try {
    const response = await fetch(href, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
    const url = new URL(response.url || href)
    // fetch() drops the fragment; the page may read it (sign-up's "sign in with this e-mail").
    if (!url.hash) url.hash = new URL(href).hash
    const html = /text\/html/.test(response.headers.get('content-type') ?? '') ? await response.text() : ''
    if (count !== navigationCount) return
    const next =
      url.origin === window.location.origin && html
        ? new DOMParser().parseFromString(html, 'text/html')
        : null
    const data = next ? readPageData(next) : null
    const entry = next ? entryOf(next, url.href) : null
    if (!next || !data || !entry) return fullLoad()
    const page = await pageOf(entry)
    if (count !== navigationCount) return
    if (mode !== 'none') saveScroll()
    if (mode === 'push') history.pushState({}, '', url.href)
    if (mode === 'replace') history.replaceState({}, '', url.href)
    entered = true
    renderedLocation = url.pathname + url.search
    const head: Head = {
      title: next.title,
      description: next.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      lang: next.documentElement.getAttribute('lang') ?? '',
    }
    await renderPage(pageContextOf(data, url, page), page, head)
    scrollAfter(url, scrollY)
    tellAssistiveTechnology(head.title)
  } catch {
    if (count === navigationCount) fullLoad()
  }
}

/**
 * After a full page load a screen reader reads the new title and focus starts at the top; after a
 * client-side navigation neither happens by itself (the clicked link may even be gone). So the
 * title is announced in a live region and focus moves to the new page's heading (or `<main>`),
 * without scrolling.
 */
function tellAssistiveTechnology(title: string): void {
  let region = document.getElementById('route-announcer')
  if (!region) {
    region = document.createElement('div')
    region.id = 'route-announcer'
    region.className = 'visually-hidden'
    region.setAttribute('aria-live', 'assertive')
    region.setAttribute('aria-atomic', 'true')
    document.body.append(region)
  }
  region.textContent = title
  const main = document.querySelector<HTMLElement>('main')
  // A page that put focus into its content itself (a form's first field) keeps it there.
  if (!main || main.contains(document.activeElement)) return
  const target = main.querySelector<HTMLElement>('h1') ?? main
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
}

/** A client-side navigation to a path of this site (Vike's `navigate`, which pages used before). */
export function navigate(href: string, options: NavigateOptions = {}): Promise<void> {
  return go(
    new URL(href, window.location.href).href,
    options.overwriteLastHistoryEntry ? 'replace' : 'push',
    options.keepScrollPosition ? window.scrollY : undefined,
  )
}

/** Renders the current page again from the server (its session may have changed). */
export function reload(): Promise<void> {
  return go(window.location.href, 'replace', window.scrollY)
}

/** A click the browser should follow by itself: modified, another window, a download, opted out. */
function isOwnNavigation(event: MouseEvent, anchor: HTMLAnchorElement): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
  // Links outside the app (absolute, or "base path disabled") are flagged data-vike="false" (spec §2).
  if (anchor.getAttribute('data-vike') === 'false' || !anchor.getAttribute('href')) return null
  const url = new URL(anchor.href)
  if (url.origin !== window.location.origin || ROUND_TRIP_START.test(url.pathname)) return null
  // The same page with a fragment: the browser scrolls.
  if (url.hash && url.pathname + url.search === window.location.pathname + window.location.search) return null
  return url
}

function listen(): void {
  window.addEventListener('pagehide', saveScroll)
  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest?.('a')
    if (!anchor) return
    const url = isOwnNavigation(event, anchor)
    if (!url) return
    event.preventDefault()
    void go(url.href, 'push')
  })
  window.addEventListener('popstate', (event) => {
    const url = new URL(window.location.href)
    if (url.pathname + url.search === renderedLocation) return // a fragment of this page
    void go(url.href, 'none', (event.state as HistoryState | null)?.scrollY ?? 0)
  })
}
