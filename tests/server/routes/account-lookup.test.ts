/**
 * The account look-ups (`loginEmailCheck`, `getAllEnvDomain`, `getServiceLoginWrongTimes`) are the
 * sign-in flow's e-mail step (their rows are flow-only, docs/flows/sign-in.md): what the page
 * learns of where an account lives, and what they cost.
 */
import t from 'tap'
import { MULTI_ENV_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, SAME_ORIGIN, sandboxRequests, signInStep } from '../../helper.ts'

const LOOKUP = '/auth/sign_in/flow/email'

t.test('the e-mail step › answers environment names only, never upstream hosts', async (t) => {
  const { app, sandbox } = await build(t)
  const { response } = await signInStep(app, 'email', { email: MULTI_ENV_ACCOUNT.email })
  t.equal(response.statusCode, 200)
  t.same(response.json().item.flow.environments, ['sg-k8s', 'us-k8s'])
  for (const { url } of Object.values(sandbox.regions)) {
    t.notMatch(response.body, new URL(url).host, 'no upstream address')
  }
  t.notMatch(response.body, /host|127\.0\.0\.1|localhost/)
})

t.test('the e-mail step › a malformed e-mail is refused before it is forwarded', async (t) => {
  const { app, sandbox } = await build(t)
  const { response } = await signInStep(app, 'email', { email: 'nobody' })
  t.equal(response.statusCode, 400)
  t.equal(response.json().item.field, 'email')
  const forwarded = await sandboxRequests(sandbox.regions.sg.url)
  t.notOk(
    forwarded.some((entry) => /getAllEnvDomain|loginEmailCheck|getServiceLoginWrongTimes/.test(entry.url)),
    'not forwarded',
  )
})

t.test('account look-ups › share the sign-in budget per IP', async (t) => {
  const { app } = await build(t, { env: { RATE_LIMIT_SIGN_IN: '3/1m' } })
  const lookUp = (url: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.7',
      headers: SAME_ORIGIN,
      payload: { email: MULTI_ENV_ACCOUNT.email },
    })
  const codes: number[] = []
  for (let index = 0; index < 3; index++) codes.push((await lookUp(LOOKUP)).statusCode)
  t.notOk(codes.includes(429), `the first three pass (${codes})`)
  t.equal((await lookUp(LOOKUP)).statusCode, 429, 'the e-mail step (three look-ups) is limited')
  t.equal((await lookUp('/auth/sign_in/flow/password')).statusCode, 429, 'so is the password step')
})
