import t from 'tap'
import { DEV_ENTRY } from '../../client/runtime/page-data.ts'
import { build } from '../helper.ts'

// Runs in a process of its own (scripts/tap-batches.ts): Vike renders every later page of its
// process through the Vite dev server this file starts.

t.test('SSR_MODE=vite › pages render through the Vite dev middleware, with the HMR client', async (t) => {
  const { app } = await build(t, { ssr: true, env: { SSR_MODE: 'vite', NODE_ENV: 'development' } })
  const page = await app.inject('/auth/sign_in?language=zh')
  t.equal(page.statusCode, 200)
  t.match(page.body, '<label for="sign-in-email">工作邮箱</label>', 'server-rendered, in Chinese')
  t.match(page.body, '/auth/_next/@vite/client', 'the page loads the HMR client under the asset base')
  // Where the client router finds a page's entry in development (ADR 0102).
  t.match(DEV_ENTRY.exec(page.body)?.[1], /\/client\/pages\/auth\/sign_in\/\+client\.ts$/, 'its entry')
  const client = await app.inject('/auth/_next/@vite/client')
  t.equal(client.statusCode, 200, 'the dev middleware serves it')
  t.match(client.headers['content-type'], /javascript/)
  const csp = String(page.headers['content-security-policy'])
  t.match(csp, /connect-src[^;]*ws:/, 'HMR may open its websocket in dev')
})
