/**
 * The header's Book Demo link (`/demo/`, shared/frame/navigation.ts) and `/demo` lead to the
 * booking form of the account area, `/auth/demo`, keeping the query (the page language).
 */
import t from 'tap'
import { headerButtons } from '../../../shared/frame/navigation.ts'
import { build } from '../../helper.ts'

const { app } = await build(t)

t.test('GET /demo/ and GET /demo › a redirect to the booking form, with the query kept', async (t) => {
  const bookDemo = headerButtons({ signedIn: false }).find((button) => button.id === 'bookDemo')?.href
  t.equal(bookDemo, '/demo/', 'the header links here')
  const answers = Object.fromEntries(
    await Promise.all(
      ['/demo/', '/demo', '/demo/?language=zh', '/demo?utm_source=mail'].map(async (url) => {
        const response = await app.inject({ method: 'GET', url })
        return [url, `${response.statusCode} ${response.headers.location}`]
      }),
    ),
  )
  t.same(answers, {
    '/demo/': '302 /auth/demo',
    '/demo': '302 /auth/demo',
    '/demo/?language=zh': '302 /auth/demo?language=zh',
    '/demo?utm_source=mail': '302 /auth/demo?utm_source=mail',
  })
  const head = await app.inject({ method: 'HEAD', url: '/demo/' })
  t.equal(head.statusCode, 302, 'HEAD too')
})

t.test('GET /demo/ › never leaves the site, whatever the path after it', async (t) => {
  for (const url of ['/demo/?return=//evil.example', '/demo?//evil.example']) {
    const location = String((await app.inject({ method: 'GET', url })).headers.location)
    t.ok(location.startsWith('/auth/demo?'), `${url} → ${location}`)
  }
})
