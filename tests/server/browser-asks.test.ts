import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { ROOT } from '../support/root.ts'
import { startServerProcess } from '../support/server-process.ts'

// Issue 48 point 5: what browsers and crawlers ask for on their own answers as it should, and
// never as a server error (each one counted against the error-rate alert).

// No warm-up: its renders would only delay the start (readiness has its own tests).
const server = await startServerProcess({ LOG_LEVEL: 'info', WARM_UP_RENDERS: '0' })
t.teardown(() => {
  server.child.kill('SIGTERM')
})

const get = (pathname: string) =>
  fetch(`${server.baseUrl}${pathname}`, { headers: { 'user-agent': 'Mozilla/5.0' } })

t.test('/favicon.ico is the edition’s icon', async (t) => {
  const response = await get('/favicon.ico')
  t.equal(response.status, 200)
  t.equal(response.headers.get('content-type'), 'image/svg+xml')
  const icon = readFileSync(path.join(ROOT, 'dist/client/static/media/favicon.svg'))
  t.same(Buffer.from(await response.arrayBuffer()), icon, 'the international edition’s favicon.svg')
})

t.test('/robots.txt lets crawlers read the pages, not the API', async (t) => {
  const response = await get('/robots.txt')
  t.equal(response.status, 200)
  t.match(response.headers.get('content-type'), /^text\/plain/)
  t.equal(await response.text(), 'User-agent: *\nDisallow: /api/\n')
})

t.test('the home-screen icons iOS asks for, and other unknown files, are 404 pages', async (t) => {
  for (const pathname of [
    '/apple-touch-icon.png',
    '/apple-touch-icon-precomposed.png',
    '/missing.png',
    '/x/y.ico',
  ]) {
    const response = await get(pathname)
    t.equal(response.status, 404, pathname)
    t.match(response.headers.get('content-type'), /^text\/html/, `${pathname}: a page a person can read`)
  }
})

t.test('none of them wrote an error to the log', async (t) => {
  // Every request above has been answered, so its log line (written on response) is in.
  const errors = server.logLines().filter((line) => Number(line.level) >= 50)
  t.same(errors, [], 'no line at error level or above')
  const answered = server.logLines().filter((line) => line.msg === 'request completed')
  t.notOk(
    answered.some((line) => Number((line.res as { statusCode?: number } | undefined)?.statusCode) >= 500),
    'no 5xx answer logged',
  )
})
