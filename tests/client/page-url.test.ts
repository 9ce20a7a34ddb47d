/**
 * What a page knows of its own URL (client/components/frame/useFrame.ts › pageUrlOf): read from
 * Vike's `urlParsed` once per pageContext (a getter that parses again on every read, ADR 0107),
 * and the `?language=` every account link and form action carries when the URL chose a language.
 */
import t from 'tap'
import { pageUrlOf } from '../../client/components/frame/useFrame.ts'

type PageContext = Parameters<typeof pageUrlOf>[0]

function pageContext(url: string, language: 'en' | 'zh') {
  const parsed = new URL(url, 'http://localhost')
  let reads = 0
  const context = {
    language,
    get urlParsed() {
      reads++
      return {
        pathname: decodeURIComponent(parsed.pathname),
        pathnameOriginal: parsed.pathname,
        search: Object.fromEntries(parsed.searchParams),
        searchOriginal: parsed.search || null,
      }
    },
  }
  return { context: context as unknown as PageContext, reads: () => reads }
}

t.test('a language the URL names is carried, in the spelling of the page language', async (t) => {
  t.equal(pageUrlOf(pageContext('/auth/sign_in?language=zh_CN', 'zh').context).languageQuery, '?language=zh')
  t.equal(pageUrlOf(pageContext('/auth/reset?language=en', 'en').context).languageQuery, '?language=en')
  t.equal(pageUrlOf(pageContext('/auth/sign_in', 'zh').context).languageQuery, '', 'none named: none carried')
  t.equal(
    pageUrlOf(pageContext('/auth/sign_in?language=', 'en').context).languageQuery,
    '',
    'an empty one neither',
  )
})

t.test('the URL is read once per pageContext, however many parts of the page ask', async (t) => {
  const page = pageContext('/auth/sign_in?language=zh&serviceEmail=a%40b.c', 'zh')
  const first = pageUrlOf(page.context)
  for (let part = 0; part < 10; part++) t.equal(pageUrlOf(page.context), first)
  t.equal(page.reads(), 1)
  t.equal(first.pathname, '/auth/sign_in')
  t.equal(first.currentUrl, '/auth/sign_in?language=zh', 'client-filled parameters left out')
  const next = pageContext('/auth/sign_up', 'zh')
  t.equal(pageUrlOf(next.context).pathname, '/auth/sign_up', 'a new page (a new pageContext) reads its own')
})
