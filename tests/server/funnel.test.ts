/**
 * The funnel per flow (issue 47 point 6): each sign-up step counted as started, then passed or
 * refused by a reason from a fixed list, so a product team sees where sign-up loses people.
 */
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { build } from '../helper.ts'
import { sampleOf } from '../support/metrics.ts'
import { SIGN_UP_DETAILS, SignUpBrowser } from '../support/sign-up.ts'

const { app, sandbox } = await build(t, {
  env: { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m' },
})
const sg = sandbox.regions.sg.url

async function count(app: FastifyInstance, name: string, labels: Record<string, string>) {
  return sampleOf(await app.metrics.metrics(), name, labels) || 0
}
const step = (flow: string, step: string, outcome: string) =>
  count(app, 'flow_steps_total', { flow, step, outcome })

t.test('a sign-up journey moves the funnel step by step; a refusal says why', async (t) => {
  const browser = new SignUpBrowser(app, sg)
  const email = await browser.started()
  t.equal(await step('sign_up', 'registerSgNew', 'started'), 1, 'the registration started')
  t.equal(await step('sign_up', 'registerSgNew', 'passed'), 1, 'and passed')
  t.equal(await step('sign_up', 'sendRegisterVerifyEmail', 'passed'), 1, 'the link was sent')

  // Out of order: the finish before the link is refused, and the reason is the flow's retCode.
  t.equal((await browser.post('/auth/sign_up/flow/finish')).body.retCode, '700203')
  t.equal(await step('sign_up', 'finish', 'refused'), 1)
  t.equal(
    await count(app, 'flow_step_refusals_total', { flow: 'sign_up', step: 'finish', reason: 'ret_700203' }),
    1,
  )

  t.equal((await browser.openLink(email)).body.retCode, '000000')
  t.equal(await step('sign_up', 'checkVerifyEmailLink', 'passed'), 1, 'the link was opened')
  t.equal((await browser.call('registerSgPartInfo', { email, ...SIGN_UP_DETAILS })).body.retCode, '000000')
  t.equal(await step('sign_up', 'registerSgPartInfo', 'passed'), 1, 'the details were taken')
  const invalid = await browser.call('registerSgPartInfo', { email, ...SIGN_UP_DETAILS, firstName: '' })
  t.not(invalid.body.retCode, '000000')
  t.equal(await step('sign_up', 'registerSgPartInfo', 'refused'), 1, 'a refused step is counted as refused')
  t.equal((await browser.post('/auth/sign_up/flow/finish')).body.retCode, '000000')
  t.equal(await step('sign_up', 'finish', 'passed'), 1, 'the sign-up finished')
  t.equal(await step('sign_up', 'finish', 'started'), 2, 'the finish was started twice')

  const text = await app.metrics.metrics()
  t.notMatch(text, email, 'no address in any series')
  t.notMatch(text, /flow_steps_total\{[^}]*step="(back|restart)"/, 'moves between steps are no steps')
})
