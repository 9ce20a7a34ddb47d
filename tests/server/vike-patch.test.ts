/**
 * patches/vike+0.4.266.patch: Vike's infinite-loop guard, made O(1) per render (ADR 0104), its
 * `objectAssign`, which assigns plain properties instead of defining each, and its `parseUrl`,
 * which keeps its last results (ADR 0107), are applied by `npm ci`; the guard still guards,
 * `objectAssign` still leaves every property as `Object.defineProperties` did and every caller
 * of `parseUrl` gets a copy of its own. The checks before routing fork the page context only when
 * they answer, and Route Strings are compiled once (ADR 0110). In production a page's assets and
 * resolved config are kept per page (ADR 0112). Their speed is the bench's (render rows), not a timed test.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'

const FILE = path.join(import.meta.dirname, '../../node_modules/vike/dist/utils/catchInfiniteLoop.js')
type Guard = (functionName: string) => void
const { catchInfiniteLoop } = (await import(pathToFileURL(FILE).href)) as { catchInfiniteLoop: Guard }
const ASSIGN_FILE = path.join(import.meta.dirname, '../../node_modules/vike/dist/utils/objectAssign.js')
type Assign = (obj: object, addendum: object | undefined, addendumCanBeOriginal?: boolean) => void
const { objectAssign } = (await import(pathToFileURL(ASSIGN_FILE).href)) as { objectAssign: Assign }
const PARSE_FILE = path.join(import.meta.dirname, '../../node_modules/vike/dist/utils/parseUrl.js')
interface ParsedUrl {
  pathname: string
  search: Record<string, string>
  searchAll: Record<string, string[]>
  searchOriginal: string | null
  hash: string
}
const { parseUrl } = (await import(pathToFileURL(PARSE_FILE).href)) as {
  parseUrl: (url: string, baseServer: string) => ParsedUrl
}
const RENDER_FILE = path.join(
  import.meta.dirname,
  '../../node_modules/vike/dist/server/runtime/renderPageServer.js',
)
const ROUTE_FILE = path.join(
  import.meta.dirname,
  '../../node_modules/vike/dist/shared-server-client/route/resolveRouteString.js',
)
type RouteMatch = { routeParams: Record<string, string> } | null
const { resolveRouteString } = (await import(pathToFileURL(ROUTE_FILE).href)) as {
  resolveRouteString: (routeString: string, urlPathname: string) => RouteMatch
}
const INJECT_FILE = path.join(
  import.meta.dirname,
  '../../node_modules/vike/dist/server/runtime/renderPageServer/html/injectAssets/injectHtmlTags.js',
)
type Inject = (tag: string, html: string, fragment: string) => string
const { injectAtOpeningTag, injectAtClosingTag } = (await import(pathToFileURL(INJECT_FILE).href)) as {
  injectAtOpeningTag: Inject
  injectAtClosingTag: Inject
}

t.test('the installed Vike carries the patch (npm ci ran patch-package)', async (t) => {
  const source = readFileSync(FILE, 'utf8')
  t.match(source, 'const trackers = new Map()', 'trackers kept in creation order')
  t.notMatch(source, 'Object.keys(trackers)', 'no walk over every tracker per call')
  const assign = readFileSync(ASSIGN_FILE, 'utf8')
  t.match(assign, 'obj[key] = descriptor.value', 'objectAssign assigns plain properties')
  t.notMatch(assign, /^\s*Object\.defineProperties\(/m, 'no descriptor object per property of every addendum')
  t.match(readFileSync(PARSE_FILE, 'utf8'), 'parsedUrls.get(key)', 'parseUrl keeps its last results')
  t.notMatch(readFileSync(INJECT_FILE, 'utf8'), "before.split('\\n')", 'no split of the page into lines')
  t.match(readFileSync(ROUTE_FILE, 'utf8'), 'compiledRouteStrings.get(routeString)', 'Route Strings kept')
  const render = readFileSync(RENDER_FILE, 'utf8')
  for (const [check, decided] of [
    ['checkBaseUrl', 'if (!isBaseMissing)'],
    ['normalizeUrl', 'if (!urlNormalized)'],
    ['getPermanentRedirect', 'if (normalize(urlTarget) === normalize(urlWithoutBase))'],
  ] as const) {
    const start = render.indexOf(`async function ${check}(`)
    const body = render.slice(start, render.indexOf('\n}\n', start))
    t.ok(start >= 0 && body.includes(decided), `${check} found`)
    t.ok(
      body.indexOf('fork(pageContextBegin)') > body.indexOf(decided),
      `${check} forks the page context only once it answers`,
    )
  }
})

/** Vike 0.4.266's tag injection as it was, split-based: the reference the patched one must equal. */
function referenceInject(tag: string, html: string, fragment: string, closing: boolean): string {
  const pattern = closing ? new RegExp(`</${tag}>`, 'i') : new RegExp(`<${tag}(>| [^>]*>)`, 'i')
  const instance = html.match(pattern)?.[0] ?? ''
  const parts = html.split(instance)
  const before = closing ? parts.slice(0, -1).join(instance) : `${parts[0]}${instance}`
  const after = closing ? `${instance}${parts.at(-1)}` : parts.slice(1).join(instance)
  const lineBefore = before.split('\n').slice(-1)[0] ?? ''
  let padding = lineBefore.match(/\s*$/)?.[0] ?? ''
  const blankLine = Boolean(padding)
  if (!padding) padding = lineBefore.match(/^\s*/)?.[0] ?? ''
  if (!padding) return before + fragment + after
  const newline = `\n${padding}  `
  const tagRE = /<(script|style|textarea|title)\b[^>]*>[\s\S]*?<\/\1>|<[^/][^>]*>/gi
  let injected = fragment.replace(tagRE, (match) => `${newline}${match}`)
  if (blankLine) injected = `  ${injected.slice(newline.length)}`
  if ((after.split('\n')[0] ?? '').trim().length > 0) injected += `\n${padding}`
  return before + injected + after
}

t.test('tag injection cuts the page where the split-based original did', async (t) => {
  const fragment = '<script src="/a.js"></script><link rel="modulepreload" href="/b.js">'
  const pages = [
    '<!DOCTYPE html><html><head><title>x</title></head><body><div id="root">page</div></body></html>',
    '<!DOCTYPE html>\n<html>\n  <head>\n    <meta charset="utf-8">\n  </head>\n  <body>\n    <div>a</div>\n  </body>\n</html>',
    '<html><HEAD lang="en"><title>x</title></HEAD><BODY><p>one</p></BODY><!-- </body> --></html>',
    '<html><head></head><body><pre>\n  indented\n</pre>\n    </body>\n</html>\n',
    '<html><head data-x="1"></head><body>text</body></html>\n<body>second</body>',
  ]
  for (const page of pages) {
    for (const tag of ['head', 'body']) {
      t.equal(
        injectAtOpeningTag(tag, page, fragment),
        referenceInject(tag, page, fragment, false),
        `<${tag}>`,
      )
      t.equal(
        injectAtClosingTag(tag, page, fragment),
        referenceInject(tag, page, fragment, true),
        `</${tag}>`,
      )
    }
  }
})

t.test('parseUrl: every caller gets its own copy, so no change reaches another request', async (t) => {
  const url = '/auth/sign_in?language=zh&channel=a&channel=b#top'
  const first = parseUrl(url, '/')
  t.equal(first.pathname, '/auth/sign_in')
  t.strictSame(first.search, { language: 'zh', channel: 'b' })
  t.strictSame(first.searchAll, { language: ['zh'], channel: ['a', 'b'] })
  t.equal(first.hash, 'top')
  first.search.language = 'en'
  first.searchAll.channel?.push('c')
  first.pathname = '/changed'
  const second = parseUrl(url, '/')
  t.not(second, first, 'a new object')
  t.not(second.search, first.search)
  t.not(second.searchAll.channel, first.searchAll.channel, 'new arrays too')
  t.strictSame(second.search, { language: 'zh', channel: 'b' }, "the first caller's change is not seen")
  t.strictSame(second.searchAll, { language: ['zh'], channel: ['a', 'b'] })
  t.equal(second.pathname, '/auth/sign_in')
})

t.test('parseUrl: results stay right past the kept ones, per base, and for odd URLs', async (t) => {
  for (let n = 0; n < 40; n++) t.equal(parseUrl(`/p/${n}?n=${n}`, '/').search.n, String(n))
  t.equal(parseUrl('/p/0?n=0', '/').pathname, '/p/0', 'an entry dropped long ago parses again')
  t.equal(parseUrl('/shop/cart', '/shop').pathname, '/cart', 'the base is part of the key')
  t.equal(parseUrl('/shop/cart', '/').pathname, '/shop/cart')
  t.equal(parseUrl('/%E4%BD%A0', '/').pathname, '/你', 'decoded as before')
  const polluting = parseUrl('/a?__proto__=x', '/')
  t.equal(polluting.searchOriginal, '?__proto__=x')
  t.notOk('x' in {}, 'Object.prototype untouched')
  t.throws(() => parseUrl('not a url', '/'), 'an invalid URL still fails, every time')
  t.throws(() => parseUrl('not a url', '/'))
})

t.test('objectAssign leaves every property as Object.defineProperties did', async (t) => {
  const descriptorsAfter = (target: object, addendum: object) => {
    objectAssign(target, addendum)
    return Object.getOwnPropertyDescriptors(target)
  }
  const reference = (target: object, addendum: object) => {
    Object.defineProperties(target, Object.getOwnPropertyDescriptors(addendum))
    return Object.getOwnPropertyDescriptors(target)
  }
  const tag = Symbol('tag')
  const plain = () => ({ pageId: '/pages/index', is404: false, [tag]: 1 })
  t.strictSame(
    descriptorsAfter({ kept: 1 }, plain()),
    reference({ kept: 1 }, plain()),
    'plain values and symbols',
  )

  let reads = 0
  const withGetter = {}
  Object.defineProperty(withGetter, 'urlPathname', {
    get: () => {
      reads++
      return '/'
    },
    enumerable: true,
    configurable: true,
  })
  const target: { urlPathname?: string } = {}
  objectAssign(target, withGetter)
  t.equal(reads, 0, 'a getter is copied, not read')
  t.equal(target.urlPathname, '/', 'and answers on the target')
  t.type(Object.getOwnPropertyDescriptor(target, 'urlPathname')?.get, 'function')

  const hidden = Object.defineProperty({}, 'internal', { value: 1, enumerable: false, writable: false })
  t.strictSame(descriptorsAfter({}, hidden), reference({}, hidden), 'non-default attributes kept')
})

t.test('objectAssign never calls a setter the target has or inherits', async (t) => {
  const calls: unknown[] = []
  const inherited = Object.create({
    set httpResponse(value: unknown) {
      calls.push(value)
    },
  }) as { httpResponse?: unknown }
  objectAssign(inherited, { httpResponse: 'page' })
  t.same(calls, [], 'the inherited setter was not called')
  t.equal(
    Object.getOwnPropertyDescriptor(inherited, 'httpResponse')?.value,
    'page',
    'an own property instead',
  )

  const own = {}
  Object.defineProperty(own, 'is404', { set: (value: unknown) => calls.push(value), configurable: true })
  objectAssign(own, { is404: true })
  t.same(calls, [], "the target's own setter was not called")
  t.strictSame(Object.getOwnPropertyDescriptor(own, 'is404'), {
    value: true,
    writable: true,
    enumerable: true,
    configurable: true,
  })

  // JSON makes `__proto__` an own key: defined as a property, never a change of prototype.
  const fromJson = JSON.parse('{"__proto__": {"polluted": true}}') as object
  const target = {}
  objectAssign(target, fromJson)
  t.equal(Object.getPrototypeOf(target), Object.prototype, 'prototype unchanged')
  t.notOk('polluted' in {}, 'nothing reached Object.prototype')
  t.ok(Object.hasOwn(target, '__proto__'), 'kept as an own property, as defineProperties does')
})

t.test('objectAssign still refuses an original page context unless told', async (t) => {
  const original = { _isOriginalObject: true }
  t.throws(() => objectAssign({}, original))
  t.doesNotThrow(() => objectAssign({}, original, true))
})

t.test('a render that recurses 100 times within 5 s is still stopped, with a warning at 50', async (t) => {
  const warnings: unknown[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => warnings.push(args)
  t.teardown(() => {
    console.warn = warn
  })
  const name = `[request-${Date.now()}] renderPageServerEntryRecursive()`
  for (let call = 1; call <= 99; call++) catchInfiniteLoop(name)
  t.throws(() => catchInfiniteLoop(name), /called 100 times within 5 seconds/)
  t.ok(warnings.length >= 1, 'warned on the way')
})

t.test('trackers older than 5 s are dropped; a new one counts from zero', async (t) => {
  const realNow = Date.prototype.getTime
  let offset = 0
  Date.prototype.getTime = function (this: Date) {
    return realNow.call(this) + offset
  }
  t.teardown(() => {
    Date.prototype.getTime = realNow
  })
  const name = `[request-${Date.now()}-old] renderPageServerEntryRecursive()`
  for (let call = 1; call <= 99; call++) catchInfiniteLoop(name)
  offset = 5_001
  catchInfiniteLoop('[request-later] renderPageServerEntryRecursive()')
  t.doesNotThrow(() => catchInfiniteLoop(name), 'the old count was dropped with its tracker')
})

t.test(
  'resolveRouteString › the same matches as Vike documents, asked again and past the kept ones',
  async (t) => {
    const cases: [string, string, RouteMatch][] = [
      ['/', '/', { routeParams: {} }],
      ['/auth/sign_in', '/auth/sign_in/', { routeParams: {} }],
      ['/auth/sign_in', '/auth/sign_up', null],
      ['/auth/@id', '/auth/x', { routeParams: { id: 'x' } }],
      ['/auth/@id', '/auth/x/y', null],
      ['/a/*', '/a/b/c', { routeParams: { '*': 'b/c' } }],
      ['/x/*/y/*', '/x/1/y/2', { routeParams: { '*1': '1', '*2': '2' } }],
      ['*', '/anything', { routeParams: { '*': '/anything' } }],
      ['/x.y/@z', '/xzy/1', null],
    ]
    for (let round = 0; round < 2; round++) {
      for (const [routeString, pathname, expected] of cases)
        t.same(
          resolveRouteString(routeString, pathname),
          expected,
          `${routeString} ${pathname}, ask ${round + 1}`,
        )
    }
    const first = resolveRouteString('/auth/@id', '/auth/x')
    if (first) first.routeParams.id = 'changed'
    t.same(
      resolveRouteString('/auth/@id', '/auth/x'),
      { routeParams: { id: 'x' } },
      'each caller gets its own params',
    )
    for (let n = 0; n < 300; n++) resolveRouteString(`/page${n}/@id`, '/elsewhere')
    t.same(
      resolveRouteString('/page7/@id', '/page7/q'),
      { routeParams: { id: 'q' } },
      'right past the kept strings',
    )
    t.same(resolveRouteString('/a/*', '/a/b'), { routeParams: { '*': 'b' } })
    for (let round = 0; round < 2; round++) {
      t.throws(
        () => resolveRouteString('abc', '/'),
        /Route String/,
        `an invalid Route String refused, ask ${round + 1}`,
      )
      t.throws(() => resolveRouteString('/a**', '/'), /Route String/)
    }
  },
)

// ADR 0112: a page's assets and its resolved config are kept per page in production.
const ASSETS_FILE = path.join(
  import.meta.dirname,
  '../../node_modules/vike/dist/server/runtime/renderPageServer/getPageAssets.js',
)
const LAZY_FILE = path.join(
  import.meta.dirname,
  '../../node_modules/vike/dist/server/runtime/renderPageServer/loadPageConfigsLazyServerSide.js',
)
interface PageAsset {
  src: string
  assetType: string | null
  isEntry: boolean
}
type AssetsOf = (pageContext: object, dependencies: object[], entries: string[]) => Promise<PageAsset[]>
const { getPageAssets } = (await import(pathToFileURL(ASSETS_FILE).href)) as { getPageAssets: AssetsOf }
type ConfigOnce = (pageConfig: object, pageConfigGlobal: object) => Record<string, unknown>
const { pageContextConfigOnce } = (await import(pathToFileURL(LAZY_FILE).href)) as {
  pageContextConfigOnce: ConfigOnce
}
const RESOLVE_FILE = path.join(
  import.meta.dirname,
  '../../node_modules/vike/dist/shared-server-client/page-configs/resolveVikeConfigPublic.js',
)
const { resolvePageContextConfig } = (await import(pathToFileURL(RESOLVE_FILE).href)) as {
  resolvePageContextConfig: (files: object[], pageConfig: object, global: object) => Record<string, unknown>
}

t.test('the installed Vike keeps page assets and page configs per page (ADR 0112)', async (t) => {
  t.match(readFileSync(ASSETS_FILE, 'utf8'), 'pageAssetsKept.get(keptKey)', 'assets kept per page')
  t.match(readFileSync(LAZY_FILE, 'utf8'), ': pageContextConfigOnce(', 'config resolved once per page')
})

t.test('a page asset list is computed once in production, and each caller owns its copy', async (t) => {
  const manifest = {
    'client/kept-entry.ts': {
      file: 'assets/entry-kept.js',
      isEntry: true,
      imports: ['_shared'],
      css: ['assets/kept.css'],
    },
    _shared: { file: 'assets/shared.js' },
  }
  const pageContext = {
    pageId: '/pages/kept-assets-test',
    _baseServer: '/auth/',
    _globalContext: { _isProduction: true, assetsManifest: manifest, config: {} },
  }
  const dependencies = [{ id: '/client/kept-entry.ts', onlyAssets: false, eagerlyImported: false }]
  const first = await getPageAssets(pageContext, dependencies, ['/client/kept-entry.ts'])
  t.same(
    first.map((asset) => asset.src).sort(),
    ['/auth/assets/entry-kept.js', '/auth/assets/kept.css', '/auth/assets/shared.js'],
    'the manifest walked, base prepended',
  )
  const firstSources = first.map((asset) => asset.src)
  const [firstAsset] = first
  if (firstAsset) firstAsset.src = '/changed-by-a-caller.js'
  // The manifest no longer matters: the second answer is the kept one, not a new walk.
  pageContext._globalContext.assetsManifest = {} as typeof manifest
  const second = await getPageAssets(pageContext, dependencies, ['/client/kept-entry.ts'])
  t.same(
    second.map((asset) => asset.src),
    firstSources,
    'the same assets, in the same order, unchanged by what the first caller did to its copy',
  )
  t.not(second[0], firstAsset, 'a copy of its own')
})

t.test(
  'a page config is resolved once; each render owns config and exports, shared parts are frozen',
  async (t) => {
    const Page = () => null
    const settings = { mutable: true }
    const pageConfig = {
      pageId: '/pages/kept-config-test',
      configValues: {
        Page: {
          type: 'standard',
          value: Page,
          definedAtData: { filePathToShowToUser: '/pages/+Page.tsx', fileExportPathToShowToUser: [] },
        },
        settings: {
          type: 'standard',
          value: settings,
          definedAtData: {
            filePathToShowToUser: '/pages/+config.ts',
            fileExportPathToShowToUser: ['default', 'settings'],
          },
        },
        passToClient: {
          type: 'cumulative',
          value: [['user'], ['language']],
          definedAtData: [
            { filePathToShowToUser: '/pages/+config.ts', fileExportPathToShowToUser: [] },
            { filePathToShowToUser: '/renderer/+config.ts', fileExportPathToShowToUser: [] },
          ],
        },
      },
    }
    const pageConfigGlobal = { configValues: {} }
    const expected = resolvePageContextConfig([], pageConfig, pageConfigGlobal)
    const first = pageContextConfigOnce(pageConfig, pageConfigGlobal)
    const second = pageContextConfigOnce(pageConfig, pageConfigGlobal)
    for (const key of ['config', 'exports', 'from', 'source', 'sources', 'configEntries', 'exportsAll']) {
      t.same(first[key], expected[key], `${key} as Vike resolves it`)
    }
    t.not(first.config, second.config, 'each render gets its own config object')
    t.not(first.exports, second.exports, 'and its own exports object')
    ;(first.config as Record<string, unknown>).addedByOneRender = 1
    t.notOk('addedByOneRender' in (second.config as object), "one render's write stays in that render")
    t.equal((second.config as { Page: unknown }).Page, Page, 'config values are the page files’ own')
    t.throws(() => {
      ;(first.from as { configsStandard: Record<string, unknown> }).configsStandard.Page = null
    }, TypeError)
    t.throws(() => {
      ;(first.sources as { passToClient: unknown[] }).passToClient.push('x')
    }, TypeError)
    t.notOk(Object.isFrozen(settings), "a config's value (the user's object) is not frozen")
    t.same(
      (
        first.from as { configsCumulative: { passToClient: { values: { value: string[] }[] } } }
      ).configsCumulative.passToClient.values.map((entry) => entry.value),
      [['user'], ['language']],
      'cumulative values kept in order',
    )
    t.ok(
      Object.getOwnPropertyDescriptor(second, 'pageExports')?.get,
      'the legacy pageExports getter is still there',
    )
  },
)
