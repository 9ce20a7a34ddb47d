/**
 * The password step carries the address the page shows (issue 46): two tabs of one session, the
 * second starts a sign-in of another address; a password typed in the first tab for its address
 * is refused (409) and never sent for the other one.
 */
import t from 'tap'
import { DEMO_ACCOUNT, RESET_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, isSignedIn, signInStep, upstreamCalls } from '../../helper.ts'

const { app, sandbox } = await build(t, { env: { RATE_LIMIT_SIGN_IN: '1000/1m' } })
const sg = sandbox.regions.sg.url
const consoleLogins = () => upstreamCalls(sg, 'consoleLogin')

t.test(
  'a password typed for the address one tab shows never signs in the address another tab chose',
  async (t) => {
    const first = await signInStep(app, 'email', { email: DEMO_ACCOUNT.email })
    // The second tab (same session cookie) starts again with another address.
    const second = await signInStep(app, 'email', { email: RESET_ACCOUNT.email }, { cookie: first.cookie })
    t.equal(second.response.json().retCode, '000000')
    const before = await consoleLogins()
    const stale = await signInStep(
      app,
      'password',
      { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      { cookie: second.cookie },
    )
    t.equal(stale.response.statusCode, 409)
    t.match(stale.response.json().retMsg, /changed to another address in another tab/)
    t.equal(await consoleLogins(), before, 'the password never went upstream')
    t.notOk(await isSignedIn(app, stale.cookie))
    const chinese = await signInStep(
      app,
      'password',
      { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      { cookie: second.cookie, query: '?language=zh' },
    )
    t.match(chinese.response.json().retMsg, /另一个标签页/)

    // The tab that shows the flow's own address signs in.
    const right = await signInStep(
      app,
      'password',
      { email: RESET_ACCOUNT.email.toUpperCase(), password: RESET_ACCOUNT.password },
      { cookie: second.cookie },
    )
    t.equal(right.response.json().retCode, '000000', right.response.body)
  },
)
