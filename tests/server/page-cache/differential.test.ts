import { existsSync } from 'node:fs'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { CACHEABLE_PATHS } from '../../../server/page-cache/key.ts'
import { build, ROOT } from '../../helper.ts'
import { bodyOf } from './responses.ts'

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36'
const DEVICES = {
  desktop: DESKTOP,
  phone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1',
  desktopApp: `${DESKTOP} SobotDesktop/3.2.1`,
}
/** Both languages as browsers ask for them: every page goes through these. */
const LANGUAGES = [
  { query: '', acceptLanguage: 'en-US,en;q=0.9' },
  { query: '', acceptLanguage: 'zh-CN,zh;q=0.9' },
]
/** The allowlisted query (explicit language, oauth connect): on the pages that use it most. */
const QUERY_ARRIVALS = [
  { query: '?language=zh', acceptLanguage: 'en-US,en;q=0.9' },
  { query: '?oauth=connect', acceptLanguage: 'en' },
]
const QUERY_PAGES = new Set(['/', '/auth/sign_in', '/auth/sign_up', '/auth/reset', '/auth/no_such_page'])
/** Paths no page answers: one cached 404 for all, its path filled in per response (ADR 0121). */
const NOT_FOUND_PATHS = ['/auth/no_such_page', '/no/such/page.php', '/auth/sign_in/extra']

/** What a visitor can see, with this response's nonces written as NONCE. */
function visible(response: LightMyRequestResponse) {
  const nonces = String(response.headers['content-security-policy']).match(/[0-9a-f]{32}/g) ?? []
  const mask = (text: string) => nonces.reduce((out, nonce) => out.replaceAll(nonce, 'NONCE'), text)
  const {
    date: _date,
    'content-length': _length,
    'content-encoding': _encoding,
    vary: _vary,
    // One per request by design (server/plugins/app/request-id.ts), cached or not.
    'x-request-id': _requestId,
    ...headers
  } = response.headers
  return {
    status: response.statusCode,
    headers: mask(JSON.stringify(headers)),
    body: mask(bodyOf(response)),
  }
}

/** The differential test of ADR 0015 for one edition. */
function differential(edition: 'international' | 'chinese') {
  if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
    t.fail('dist/ is missing: run `npx vike build` first (npm test does)')
    return
  }
  t.test(
    `page cache › cached output equals uncached over every page and 404 × language × device (${edition})`,
    async (t) => {
      const { app: cached, sandbox } = await build(t, { ssr: true, env: { EDITION: edition } })
      const { app: uncached } = await build(t, {
        ssr: true,
        sandbox,
        env: { EDITION: edition, PAGE_CACHE_MB: '0' },
      })
      let compared = 0
      for (const page of [...CACHEABLE_PATHS, ...NOT_FOUND_PATHS]) {
        const arrivals = QUERY_PAGES.has(page) ? [...LANGUAGES, ...QUERY_ARRIVALS] : LANGUAGES
        for (const language of arrivals) {
          for (const [device, userAgent] of Object.entries(DEVICES)) {
            const request = {
              url: `${page}${language.query}`,
              headers: { 'user-agent': userAgent, 'accept-language': language.acceptLanguage },
            }
            const reference = visible(await uncached.inject(request))
            const label = `${request.url} ${language.acceptLanguage} ${device}`
            // First fills the entry, second is served from it, third asks for the gzip form.
            const fill = await cached.inject(request)
            const hit = await cached.inject(request)
            const gzip = await cached.inject({
              ...request,
              headers: { ...request.headers, 'accept-encoding': 'gzip' },
            })
            t.same(visible(fill), reference, `${label}: filling`)
            t.same(visible(hit), reference, `${label}: from the cache`)
            t.same(visible(gzip), reference, `${label}: gzip`)
            // A redirect (the edition's default language named) has no body to compress.
            if (reference.status === 200 || reference.status === 404)
              t.equal(gzip.headers['content-encoding'], 'gzip', `${label}: the prepared gzip form`)
            compared++
          }
        }
      }
      t.ok(compared >= (CACHEABLE_PATHS.size + NOT_FOUND_PATHS.length) * 6)
    },
  )
}

differential('international')
differential('chinese')
