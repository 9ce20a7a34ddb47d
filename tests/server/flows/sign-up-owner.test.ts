/**
 * A registration belongs to the session that started it (issue 46 High, security.md #24): a
 * stranger who knows the address and starts a sign-up of it too saves nothing, never takes the
 * hand-off of the owner's link opened on another device, and never changes the owner's password —
 * in one process and on two replicas sharing Redis.
 */
import type { FastifyInstance } from 'fastify'
import t, { type Test } from 'tap'
import type { EndpointName } from '../../../shared/api/endpoints.ts'
import { NOT_IN_FLOW } from '../../../shared/envelope.ts'
import { build, isSignedIn, signIn, upstreamCalls } from '../../helper.ts'
import { outbox } from '../../support/outbox.ts'
import { startRedis } from '../../support/redis.ts'
import { freshSignUpEmail, SIGN_UP_DETAILS, SIGN_UP_PASSWORD, SignUpBrowser } from '../../support/sign-up.ts'

const NO_LIMITS = {
  RATE_LIMIT_SIGN_UP: '10000/1m',
  RATE_LIMIT_CODE: '10000/1m',
  RATE_LIMIT_SIGN_IN: '10000/1m',
}
const STRANGER_PASSWORD = 'Stranger-Pass42'
const { app, sandbox } = await build(t, { env: NO_LIMITS })
const sg = sandbox.regions.sg.url
const browser = (on: FastifyInstance, cookie?: string) => new SignUpBrowser(on, sg, cookie)

const calls = (name: EndpointName) => upstreamCalls(sg, name)

/** The owner on `ownerApp`, the stranger and the owner's phone on `otherApp`. */
async function twoDeviceTakeover(t: Test, ownerApp: FastifyInstance, otherApp: FastifyInstance) {
  const owner = browser(ownerApp)
  const email = await owner.started(freshSignUpEmail('owned'))
  const stranger = browser(otherApp)
  const starts = await calls('registerSgNew')
  // The stranger starts a sign-up of the same address: the answer is the upstream's to a pending
  // registration (success), but nothing reaches the upstream and nothing waits in its session.
  await stranger.started(email, STRANGER_PASSWORD)
  t.equal(await calls('registerSgNew'), starts, 'the stranger’s start never reached the upstream')
  t.equal((await stranger.view()).step, 'credentials', 'no sign-up waits in the stranger’s session')

  // The owner opens the e-mailed link on a phone: the sign-up goes on where it started.
  const phone = browser(otherApp)
  const opened = await phone.openLink(email)
  t.same(opened.body.item, { email, continuesElsewhere: true })
  t.equal((await stranger.view()).step, 'credentials', 'the stranger’s poll takes no hand-off')
  t.equal((await owner.view()).step, 'setup', 'the owner takes it')
  t.equal(
    (await stranger.call('registerSgPartInfo', { email, ...SIGN_UP_DETAILS })).body.retCode,
    NOT_IN_FLOW,
  )
  t.equal((await owner.call('registerSgPartInfo', { email, ...SIGN_UP_DETAILS })).body.retCode, '000000')
  t.equal((await owner.call('registerChoseProduct', { products: ['chatbot'] })).body.retCode, '000000')
  t.equal((await owner.post('/auth/sign_up/flow/finish')).body.retCode, '000000')
  t.ok(await isSignedIn(ownerApp, owner.cookie), 'the owner is signed in')
  t.notOk(await isSignedIn(otherApp, stranger.cookie), 'the stranger is not')
  await t.resolves(signIn(ownerApp, email, SIGN_UP_PASSWORD), 'the owner’s password opens the account')
  await t.rejects(signIn(ownerApp, email, STRANGER_PASSWORD), 'the stranger’s does not')
}

t.test('two devices › a stranger’s start saves nothing and never takes the owner’s hand-off', (t) =>
  twoDeviceTakeover(t, app, app),
)

t.test(
  'two replicas sharing Redis › the owner on one, the stranger and the phone on the other',
  async (t) => {
    const redis = await startRedis(t)
    const env = { ...NO_LIMITS, REDIS_URL: redis.url }
    const one = await build(t, { sandbox, env })
    const two = await build(t, { sandbox, env })
    await twoDeviceTakeover(t, one.app, two.app)
  },
)

t.test(
  'one browser › a stranger’s restart between the owner’s start and finish changes nothing',
  async (t) => {
    const owner = browser(app)
    const email = await owner.started(freshSignUpEmail('restart'))
    await owner.verified(email)
    const stranger = browser(app)
    await stranger.started(email, STRANGER_PASSWORD)
    t.equal((await owner.call('registerSgPartInfo', { email, ...SIGN_UP_DETAILS })).body.retCode, '000000')
    t.equal((await owner.call('registerChoseProduct', { products: ['chatbot'] })).body.retCode, '000000')
    t.equal((await owner.post('/auth/sign_up/flow/finish')).body.retCode, '000000', 'the owner finishes')
    await t.resolves(signIn(app, email, SIGN_UP_PASSWORD), 'with the owner’s password')
    await t.rejects(signIn(app, email, STRANGER_PASSWORD), 'never the stranger’s')
  },
)

t.test('the owner’s own restart goes upstream; the earlier link then verifies nothing', async (t) => {
  const owner = browser(app)
  const email = await owner.started(freshSignUpEmail('again'))
  const phone = browser(app)
  const firstLink = (await outbox(sg, email, 'register-verify'))[0]?.link ?? ''
  t.same((await owner.post('/auth/sign_up/flow/back')).body.item.step, 'credentials')
  const starts = await calls('registerSgNew')
  await owner.started(email, 'Changed-Mind42')
  t.equal(await calls('registerSgNew'), starts + 1, 'the owner may start again')
  const id = new URLSearchParams(firstLink.split('#')[1] ?? '').get('id') ?? ''
  t.equal((await phone.call('checkVerifyEmailLink', { id })).body.retCode, '700125', 'the old link is dead')
})

t.test(
  'a start the upstream refuses holds nothing: the next session gets the upstream’s answer',
  async (t) => {
    const first = browser(app)
    const email = freshSignUpEmail('refused')
    const refused = await first.call('registerSgNew', {
      email,
      password: SIGN_UP_PASSWORD,
      captchaPass: 'wrong',
    })
    t.not(refused.body.retCode, '000000')
    const second = browser(app)
    const starts = await calls('registerSgNew')
    await second.started(email)
    t.equal(await calls('registerSgNew'), starts + 1, 'forwarded')
    t.equal((await second.view()).step, 'sent')
  },
)

t.test('"use another e-mail" frees the address for whoever starts it next', async (t) => {
  const first = browser(app)
  const email = await first.started(freshSignUpEmail('freed'))
  await first.post('/auth/sign_up/flow/restart')
  const second = browser(app)
  await second.started(email)
  t.equal((await second.view()).step, 'sent', 'the next session’s start is its own')
})
