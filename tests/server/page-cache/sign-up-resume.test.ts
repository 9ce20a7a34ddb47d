/**
 * Issue 18 point 16: a reload of a sign-up under way renders its step on the server, never the
 * first form from the shared page cache; issue 21: the step itself, from the session, with its
 * plain form and that session's form token (it works without JavaScript).
 */
import t from 'tap'
import { build, cookieHeader } from '../../helper.ts'
import { SignUpBrowser } from '../../support/sign-up.ts'

const { app, sandbox } = await build(t, {
  ssr: true,
  env: { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m', PAGE_CACHE_MB: '8' },
})

const page = (cookie?: string) => app.inject({ url: '/auth/sign_up', headers: cookieHeader(cookie) })
const formShown = (html: string) => html.includes('id="sign-up-email"')

t.test('sign-up page › a sign-up under way renders its step, not the cached first form', async (t) => {
  // A visitor first: the first form, which fills the shared cache.
  t.ok(formShown((await page()).body), 'a visitor gets the first form')
  t.ok(formShown((await page()).body), 'again (from the cache)')

  const browser = new SignUpBrowser(app, sandbox.regions.sg.url)
  await browser.started()
  const resumed = (await page(browser.cookie)).body
  t.notOk(formShown(resumed), 'no first form for a sign-up at its sent step')
  t.match(resumed, /data-step="sent"/)
  t.match(resumed, /Check your inbox/, 'the sent step itself')
  t.match(resumed, /<form [^>]*action="\/auth\/sign_up" method="post"/, 'as a plain form')
  t.match(resumed, /name="_csrf" value="[^"]+"/, 'with this session’s form token')
  t.match(
    resumed,
    /"signUpResume":\{"step":"sent","mobile":false,"flow":\{"step":"sent"/,
    'the step reaches the page',
  )

  const visitor = (await page()).body
  t.ok(formShown(visitor), 'visitors still get the first form')
  t.notMatch(visitor, /name="_csrf"/, 'from the cache: no token in it')
})
