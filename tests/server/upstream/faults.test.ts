import t, { type Test } from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { startSandbox } from '../../../sandbox/index.ts'
import { MAX_UPSTREAM_BODY_BYTES } from '../../../server/upstream/client.server.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { isSignedIn, signIn } from '../../helper.ts'
import { timersArmedDuring } from '../../support/timers.ts'
import {
  apiPost,
  appWithUpstreams,
  armFault,
  clearFault,
  clearRequests,
  closedPort,
  plainTopology,
  requestLog,
} from './harness.ts'

/** Small, so a time-out test takes a second or two; the default (20 s) is tested by config. */
const TIMEOUT_MS = 1500
/**
 * Far past the time-out: an answer before it is the time-out's doing, not the delay's, however
 * busy the machine (no margin on the clock to guess).
 */
const DELAY_MS = 60_000

const en = i18nFor('en').t
const zh = i18nFor('zh').t

const sandbox = await startSandbox()
t.teardown(() => sandbox.close())
const sg = sandbox.regions.sg.url
const { app } = await appWithUpstreams(t, plainTopology(sandbox), { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) })

// A read-only page row (the sign-up's address check): the sign-in's rows are flow-only.
const EMAIL_CHECK = '/api/basic-login/registerEmailCheck/4'
/** No account has it: the check answers 000000. */
const FREE_EMAIL = 'faults-free@trial.example'

t.beforeEach(async () => {
  await clearFault(sg)
  await clearRequests(sg)
})

/** The BFF still answers normally: the fault did not break the pool, the process or the route. */
async function stillServes(t: Test) {
  await clearFault(sg)
  const response = await apiPost(app, EMAIL_CHECK, { email: FREE_EMAIL })
  t.equal(response.statusCode, 200, 'the next call after the fault is answered normally')
  t.equal(response.json().retCode, '000000')
}

/** The fault was really met upstream: the sg server logged the call with the injected fault. */
async function faultWasMet(t: Test, label: RegExp) {
  const logged = (await requestLog(sg)).filter((entry) => entry.url.includes('registerEmailCheck'))
  t.ok(
    logged.some((entry) => label.test(entry.fault ?? '')),
    `the sg upstream met the call with the fault (${label})`,
  )
}

const KINDS: Array<{ name: string; fault: Record<string, unknown>; label: RegExp }> = [
  { name: 'connection reset', fault: { reset: true }, label: /reset/ },
  { name: 'HTTP 503', fault: { status: 503 }, label: /status 503/ },
  { name: 'HTTP 500', fault: { status: 500 }, label: /status 500/ },
  { name: 'a body that is not JSON', fault: { garbage: true }, label: /garbage/ },
  {
    name: `a body over MAX_UPSTREAM_BODY_BYTES (${MAX_UPSTREAM_BODY_BYTES} + 1)`,
    fault: { oversizedBytes: MAX_UPSTREAM_BODY_BYTES + 1 },
    label: /oversized/,
  },
]

for (const kind of KINDS) {
  t.test(`/api proxy › ${kind.name} upstream gives a 502 envelope, and the next call works`, async (t) => {
    await armFault(sg, kind.fault)
    const response = await apiPost(app, EMAIL_CHECK, { email: FREE_EMAIL })
    // 502, not the time-out's 504: answered from the fault, without waiting for the time-out.
    t.equal(response.statusCode, 502, response.body)
    t.match(response.headers['content-type'], /^application\/json/)
    t.same(response.json(), {
      retCode: '502',
      retMsg: en('errors:upstreamUnavailable'),
      item: {},
      items: [],
    })
    t.notMatch(
      response.body,
      /Sandbox fault|Bad Gateway|padding|127\.0\.0\.1/,
      'nothing of the upstream leaks',
    )
    await faultWasMet(t, kind.label)
    await stillServes(t)
  })
}

t.test('/api proxy › the upstream error message follows the request language (zh)', async (t) => {
  await armFault(sg, { status: 503 })
  const response = await apiPost(app, `${EMAIL_CHECK}?language=zh`, { email: FREE_EMAIL })
  t.equal(response.statusCode, 502)
  t.not(zh('errors:upstreamUnavailable'), en('errors:upstreamUnavailable'), 'the two texts differ')
  t.same(response.json(), { retCode: '502', retMsg: zh('errors:upstreamUnavailable'), item: {}, items: [] })
  t.match(response.json().retMsg, /[\u4e00-\u9fff]/, 'Chinese text')
  await stillServes(t)
})

t.test('/api proxy › an upstream that does not answer in time gives 504 within the time-out', async (t) => {
  await armFault(sg, { delayMs: DELAY_MS })
  // Which timer ended the call is read from the timers the BFF armed, not from a stopwatch.
  const { result: response, armedMs } = await timersArmedDuring(() =>
    apiPost(app, `${EMAIL_CHECK}?language=zh`, { email: FREE_EMAIL }),
  )
  t.equal(response.statusCode, 504, response.body)
  t.same(response.json(), { retCode: '504', retMsg: zh('errors:upstreamTimeout'), item: {}, items: [] })
  t.ok(armedMs.includes(TIMEOUT_MS), `the call ran under a ${TIMEOUT_MS} ms time-out (armed: ${armedMs})`)
  await faultWasMet(t, /delay/)
  // The upstream was still holding the request (DELAY_MS is a minute) when the 504 came: only the
  // time-out can have answered. tap's per-test time-out is the guard against a hang.
  const delayed = (await requestLog(sg)).filter((entry) => /delay/.test(entry.fault ?? ''))
  t.same(
    delayed.map((entry) => entry.status),
    [undefined],
    'the delayed upstream request had not been answered: the BFF gave up first',
  )

  const english = await apiPost(app, EMAIL_CHECK, { email: FREE_EMAIL })
  t.equal(english.statusCode, 504)
  t.equal(english.json().retMsg, en('errors:upstreamTimeout'))
  await stillServes(t)
})

t.test('/api proxy › a body of exactly MAX_UPSTREAM_BODY_BYTES is still an answer', async (t) => {
  await armFault(sg, { oversizedBytes: MAX_UPSTREAM_BODY_BYTES })
  const response = await apiPost(app, EMAIL_CHECK, { email: FREE_EMAIL })
  t.equal(response.statusCode, 200, 'the limit is not lower than it says')
  t.equal(response.json().retCode, '000000')
  await stillServes(t)
})

t.test('/api proxy › an upstream on a closed port gives 502 quickly, other calls go on', async (t) => {
  const topology = plainTopology(sandbox)
  const dead = `http://127.0.0.1:${await closedPort()}`
  topology.environments['sg-k8s'] = { region: 'sg', upstream: dead }
  // A time-out far past anything a refused connection takes, however busy the machine.
  const { app: refusing } = await appWithUpstreams(t, topology, { UPSTREAM_TIMEOUT_MS: String(DELAY_MS) })

  for (const language of ['en', 'zh'] as const) {
    const response = await apiPost(refusing, `${EMAIL_CHECK}?language=${language}`, { email: FREE_EMAIL })
    // 502 (unavailable), not 504: the refusal answered, not the minute-long time-out.
    t.equal(response.statusCode, 502, response.body)
    t.same(response.json(), {
      retCode: '502',
      retMsg: i18nFor(language).t('errors:upstreamUnavailable'),
      item: {},
      items: [],
    })
  }
  const health = await refusing.inject('/healthz')
  t.equal(health.statusCode, 200, 'the process keeps serving')
})

t.test('after every kind of fault, sign-in works end to end (the flow’s steps)', async (t) => {
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  t.ok(await isSignedIn(app, cookie), 'a session starts')
})
