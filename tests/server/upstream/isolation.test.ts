import t, { type Test } from 'tap'
import { DEMO_ACCOUNT, HK_ACCOUNT, US_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { startSandbox } from '../../../sandbox/index.ts'
import { TIME_ZONE_HEADER } from '../../../server/routes/api/environment.ts'
import { apiPost, appWithUpstreams, armFault, plainTopology, requestLog, waitUntil } from './harness.ts'

/**
 * Long enough that every us and hk call below ends before any sg call times out, however busy the
 * machine (the order of completion is the check): the wait for the sg calls' 504s is the cost.
 */
const TIMEOUT_MS = 15_000
/** More than the 64 connections of one upstream pool: the sg pool is full and has a queue. */
const SG_CALLS = 70
/** How many sg calls must be seen hanging upstream before the other regions are called. */
const SEEN_HANGING = 50 // the sandbox's request log keeps 50 entries
const ROUNDS = 10
// A read-only page row (the sign-up's address check; the sign-in's rows are flow-only), for an
// address no account has: 000000 wherever it goes.
const EMAIL_CHECK = '/api/basic-login/registerEmailCheck/4'
const FREE_EMAIL = 'isolation-free@trial.example'

/** A sandbox of the test's own: each test holds one region hanging while the other two run. */
async function ownSandbox(t: Test) {
  const sandbox = await startSandbox()
  t.teardown(() => sandbox.close())
  return sandbox
}

// Both tests spend most of their time waiting for their upstream time-outs: side by side, the file
// waits for one time-out instead of two (each has its own sandbox, so neither sees the other's fault).
t.jobs = 2

t.test('a hanging sg region does not hold up calls to the us and hk regions', async (t) => {
  const sandbox = await ownSandbox(t)
  const sg = sandbox.regions.sg.url
  const { app } = await appWithUpstreams(t, plainTopology(sandbox), {
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
  })
  await armFault(sg, { delayMs: 60_000 })

  // Order of completion is what we compare, not absolute times: robust on a busy machine.
  const finished: string[] = []
  const sgCalls = Array.from({ length: SG_CALLS }, () =>
    apiPost(app, EMAIL_CHECK, { email: FREE_EMAIL }).then((response) => {
      finished.push('sg')
      return response
    }),
  )
  const hanging = async () =>
    (await requestLog(sg)).filter((entry) => entry.fault && entry.status === undefined).length
  await waitUntil('an sg call hangs upstream', async () => (await hanging()) >= 1)
  // Most of them reach the upstream at once; if some cannot, that shows in the order below.
  await waitUntil(`${SEEN_HANGING} sg calls hang`, async () => (await hanging()) >= SEEN_HANGING, 1000).catch(
    () => {},
  )

  for (let round = 0; round < ROUNDS; round++) {
    // Through the whole /api path: a US time zone sends a pre-sign-in call to the us region.
    const viaProxy = await apiPost(
      app,
      EMAIL_CHECK,
      { email: FREE_EMAIL },
      {
        [TIME_ZONE_HEADER]: 'America/New_York',
      },
    )
    t.equal(viaProxy.statusCode, 200, viaProxy.body)
    t.equal(viaProxy.json().retCode, '000000')
    finished.push('us (proxy)')

    // The same client the proxy uses, straight to each other region.
    for (const [environment, email] of [
      ['us-k8s', US_ACCOUNT.email],
      ['hk', HK_ACCOUNT.email],
    ] as const) {
      const answer = await app.upstream.call({
        environment,
        path: '/basic-login/loginEmailCheck/4',
        method: 'POST',
        body: { email },
        language: 'en',
      })
      t.equal(answer.retCode, '000000', `${environment} answers while sg hangs`)
      finished.push(environment)
    }
  }
  const others = ROUNDS * 3
  t.equal(finished.length, others, 'every us and hk call finished while no sg call had')

  const responses = await Promise.all(sgCalls)
  t.ok(
    responses.every((response) => response.statusCode === 504),
    'the sg calls end in the 504 of the time-out',
  )
  t.same(
    finished.slice(others),
    Array.from({ length: SG_CALLS }, () => 'sg'),
    'all sg calls settled after the others',
  )
})

t.test('a hanging forwarded ten does not hold up sg, though both reach the forwarder on sg', async (t) => {
  const sandbox = await ownSandbox(t)
  const { app } = await appWithUpstreams(t, plainTopology(sandbox), {
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
  })
  const topology = plainTopology(sandbox)
  t.equal(
    new URL(topology.environments.ten?.forwarder?.url ?? '').origin,
    new URL(topology.environments['sg-k8s']?.upstream ?? '').origin,
    'ten is forwarded through the origin sg is served from',
  )
  const ten = sandbox.regions.ten.url
  await armFault(ten, { delayMs: 60_000 })

  const finished: string[] = []
  const emailCheck = (environment: 'ten' | 'sg-k8s', email: string) =>
    app.upstream.call({
      environment,
      path: '/basic-login/loginEmailCheck/4',
      method: 'POST',
      body: { email },
      language: 'en',
    })
  // More ten calls than one pool has connections: with one pool per origin, sg's calls queued here.
  const tenCalls = Array.from({ length: SG_CALLS }, () =>
    emailCheck('ten', FREE_EMAIL).then(
      () => finished.push('ten'),
      () => finished.push('ten'),
    ),
  )
  // Its 64 connections all busy at the forwarder and the rest queued: ten's pool is full.
  const full = { running: 64, pending: SG_CALLS - 64 }
  await waitUntil("ten's pool is full", async () => {
    const load = app.upstream.poolLoad('ten')
    return load.running === full.running && load.pending === full.pending
  })
  t.same(app.upstream.poolLoad('sg-k8s'), { running: 0, pending: 0 }, 'sg has nothing in flight or queued')
  for (let round = 0; round < ROUNDS; round++) {
    const answer = await emailCheck('sg-k8s', DEMO_ACCOUNT.email)
    t.equal(answer.retCode, '000000', 'sg answers while ten hangs')
    finished.push('sg')
  }
  t.same(
    finished,
    Array.from({ length: ROUNDS }, () => 'sg'),
    'every sg call finished while no ten call had',
  )
  await Promise.all(tenCalls)
  t.equal(finished.filter((name) => name === 'ten').length, SG_CALLS, 'the ten calls ended (their time-out)')
})
