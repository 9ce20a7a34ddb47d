/**
 * Server-renders the real +Layout and +Head (no browser, no Vite) to check what the SSR HTML holds
 * in the cases a browser test cannot produce with the pages of this site: a page flagged
 * `aloneItem`, and the Chinese edition's favicon.
 */
import { register } from 'node:module'
import { createElement, type FunctionComponent } from 'react'
import { renderToString } from 'react-dom/server'
import t from 'tap'
import { i18nFor, registerEveryTranslation } from '../../../shared/i18n/index.ts'
import type { Language } from '../../../shared/language.ts'
import '../../support/jsx.ts'

// Vite bundles the CSS imports of the components; plain Node gets an empty module for them.
register(
  `data:text/javascript,${encodeURIComponent(
    'export async function load(url, context, next) { return url.endsWith(".css") ? { format: "module", source: "", shortCircuit: true } : next(url, context) }',
  )}`,
)
const { VikeReactProviderPageContext } = (await import('vike-react/usePageContext')) as unknown as {
  VikeReactProviderPageContext: FunctionComponent<{ pageContext: unknown; children?: unknown }>
}
// As +onCreateGlobalContext.server.ts does: every namespace registered at start.
registerEveryTranslation()
const { TranslationProvider } = await import('../../../client/translation.tsx')
const { default: Layout } = await import('../../../client/pages/+Layout.tsx')
const { default: Head } = await import('../../../client/pages/+Head.tsx')

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

function PlainPage() {
  return null
}
function AlonePage() {
  return null
}
AlonePage.aloneItem = true

interface Options {
  language?: Language
  userAgent?: string
  search?: Record<string, string>
  Page?: unknown
  isPhone?: boolean
  edition?: 'international' | 'chinese'
  pathname?: string
}

function pageContextOf(options: Options) {
  const pathname = options.pathname ?? '/chatbot'
  return {
    language: options.language ?? 'en',
    edition: options.edition ?? 'international',
    isPhone: options.isPhone ?? false,
    user: null,
    Page: options.Page ?? PlainPage,
    headers: { 'user-agent': options.userAgent ?? DESKTOP_UA },
    urlParsed: { pathname, search: options.search ?? {}, searchOriginal: null },
    is404: false,
    // As Vike gives it: the page declared no namespaces beyond the frame's.
    config: {},
  }
}

function render(component: FunctionComponent<{ children?: unknown }>, options: Options = {}) {
  const pageContext = pageContextOf(options)
  return renderToString(
    createElement(
      VikeReactProviderPageContext,
      { pageContext },
      createElement(
        TranslationProvider,
        { translator: i18nFor(pageContext.language as Language) },
        createElement(component, null, createElement('p', { id: 'content' }, 'page content')),
      ),
    ),
  )
}

t.test('Layout › shows bar and footer around the page by default', async (t) => {
  const html = render(Layout as FunctionComponent)
  t.match(html, 'data-frame="shown"')
  t.match(html, 'fr-header--desktop')
  t.match(html, 'data-testid="site-footer"')
  t.match(html, 'page content')
})

t.test('Layout › header, page and footer are hydrated as separate parts (Suspense boundaries)', async (t) => {
  const html = render(Layout as FunctionComponent)
  // React marks a server-rendered Suspense boundary with <!--$--> … <!--/$-->: the browser
  // hydrates each later and time-sliced instead of the whole frame in one long task (ADR 0065).
  const boundaries = [...html.matchAll(/<!--\$-->([\s\S]*?)<!--\/\$-->/g)].map(([, inside = '']) => inside)
  t.equal(boundaries.length, 3)
  t.match(boundaries[0], 'data-testid="site-header"', 'the header')
  t.match(boundaries[1], 'page content', 'the page')
  t.match(boundaries[2], 'data-testid="site-footer"', 'the footer')
  t.notMatch(html, 'data-hydrated', 'not marked hydrated on the server')
})

t.test('Layout › hides the frame for the desktop app, an aloneItem page and an oauth connect', async (t) => {
  const cases: Array<[string, Options]> = [
    ['desktopApp', { userAgent: `${DESKTOP_UA} SobotDesktop/3.1.0` }],
    ['aloneItem', { Page: AlonePage }],
    ['oauthConnect', { search: { oauth: 'connect', provider: 'shopify' } }],
  ]
  for (const [reason, options] of cases) {
    const html = render(Layout as FunctionComponent, options)
    t.match(html, `data-frame="${reason}"`, reason)
    t.notMatch(html, 'site-header', `${reason}: no bar`)
    t.notMatch(html, 'site-footer', `${reason}: no footer`)
    t.match(html, 'page content', `${reason}: the page itself is there`)
  }
})

t.test('Layout › a phone user agent gets the 47px logo header in the server HTML', async (t) => {
  const html = render(Layout as FunctionComponent, { isPhone: true, language: 'zh' })
  t.match(html, 'fr-header--phone')
  t.notMatch(html, 'fr-nav', 'no desktop menus')
  t.match(html, '免费试用 15 天')
})

t.test('Head › favicon per edition, keywords and canonical per page and language', async (t) => {
  const international = render(Head as FunctionComponent, { pathname: '/chatbot/', language: 'zh' })
  t.match(international, 'favicon.svg')
  t.match(international, '<link rel="canonical" href="/chatbot?language=zh"/>')
  t.match(international, /<meta name="keywords" content="智能机器人[^"]*"\/>/)
  const chinese = render(Head as FunctionComponent, { edition: 'chinese', pathname: '/', language: 'zh' })
  t.match(chinese, 'favicon-cn.svg')
  t.match(chinese, '<link rel="canonical" href="/"/>')
})
