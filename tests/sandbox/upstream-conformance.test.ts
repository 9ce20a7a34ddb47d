/**
 * The sandbox answers exactly the described contract (issue 22 point 2): every exchange between
 * the BFF and the sandbox — the BFF's own requests through /api and every endpoint the contract
 * suite drives through the BFF's upstream client — is compared with docs/upstream/openapi.yaml
 * (request and answer). A deliberately broken sandbox answer is caught.
 */
import t from 'tap'
import { DEMO_ACCOUNT, EMAIL_CODE_ACCOUNT, startSandbox } from '../../sandbox/index.ts'
import { ContractChecker } from '../../scripts/upstream/conformance.ts'
import { NOT_CALLED_YET } from '../../scripts/upstream/probes.ts'
import { runContract } from '../../scripts/upstream/run.ts'
import type { UpstreamExchange } from '../../server/upstream/client.server.ts'
import { ENDPOINT_NAMES } from '../../shared/api/endpoints.ts'
import { build, cookieHeader, SAME_ORIGIN, signIn, signInStep } from '../helper.ts'
import { watchUpstreamConformance } from '../support/upstream-conformance.ts'

const checker = await ContractChecker.fromFile()

interface Seen {
  exchange: UpstreamExchange
  name: string | undefined
  differences: string[]
}

/** Every exchange of the app's upstream client, checked as it happens. */
function watch(app: Awaited<ReturnType<typeof build>>['app']): Seen[] {
  const seen: Seen[] = []
  app.upstream.observe((exchange) => seen.push({ exchange, ...checker.check(exchange) }))
  return seen
}

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: `/api/${url}`,
  headers: { ...SAME_ORIGIN, ...headers },
  payload,
})
const JSON_BODY = { 'content-type': 'application/json' }

t.test('every sandbox answer the BFF sees conforms to docs/upstream/openapi.yaml', async (t) => {
  const { app, sandbox } = await build(t)
  const seen = watch(app)

  // The sign-in flow's steps (its rows are flow-only): the e-mail step's three look-ups, an unknown
  // address, and the password of an account that asks for a code (the BFF rewrites sendVerifyCode).
  await signInStep(app, 'email', { email: DEMO_ACCOUNT.email })
  await signInStep(app, 'email', { email: 'nobody@sandbox.test' })
  const codeFlow = await signInStep(app, 'email', { email: EMAIL_CODE_ACCOUNT.email })
  await signInStep(app, 'password', { password: EMAIL_CODE_ACCOUNT.password }, { cookie: codeFlow.cookie })
  // Through /api, as the pages call it (the BFF encodes and adds the token).
  await app.inject(post('basic-login/config/loginConfig', { domain: 'localhost' }, JSON_BODY))
  await app.inject(post('basic-login/initSgGeetestInfo/4', {}))
  await app.inject(post('basic-login/registerEmailCheck/4', { email: DEMO_ACCOUNT.email }))
  await app.inject(post('basic-login/account/sendResetEmail', { email: DEMO_ACCOUNT.email }))
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await app.inject(post('tokens/getToken', {}, cookieHeader(cookie)))
  await app.inject(
    post(
      'basic-public/agent/updateAgentLanguage',
      { language: 'en' },
      { ...JSON_BODY, ...cookieHeader(cookie) },
    ),
  )
  const throughApi = seen.length
  t.ok(throughApi >= 11, `${throughApi} exchanges through /api and the sign-in steps`)

  // Every other endpoint, through an instance of the BFF's upstream client (flow-only calls too), with
  // the sandbox's fixed test account; forward mode through the sandbox's forwarder.
  const results = await runContract(
    {
      upstream: sandbox.environments['sg-k8s'].url,
      environment: 'sg-k8s',
      region: 'sg',
      forwarder: sandbox.forwarderUrl,
      write: true,
      account: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      onExchange: (exchange) => seen.push({ exchange, ...checker.check(exchange) }),
    },
    checker,
  )
  t.same(
    results.filter((result) => result.outcome === 'differs' || result.outcome === 'not reachable'),
    [],
    'the contract suite finds no difference',
  )

  const deviations = seen.filter((entry) => entry.differences.length > 0)
  t.same(
    deviations.map((entry) => `${entry.name ?? entry.exchange.path}: ${entry.differences.join('; ')}`),
    [],
    'no exchange deviates',
  )
  const covered = new Set(seen.map((entry) => entry.name))
  const missing = ENDPOINT_NAMES.filter((name) => !covered.has(name) && !NOT_CALLED_YET.includes(name))
  t.same(missing, [], 'every endpoint the BFF calls was exchanged at least once')
})

t.test('a deliberately broken sandbox answer is reported, naming the call and the field', async (t) => {
  const sandbox = await startSandbox({
    tamperAnswer: (path, answer) =>
      path === '/basic-login/loginEmailCheck/4'
        ? { ...(answer as object), item: { ...(answer as { item: object }).item, emailCodeRequired: 'yes' } }
        : answer,
  })
  t.teardown(() => sandbox.close())
  const { app } = await build(t, { sandbox, upstreamConformance: false })
  const seen = watch(app)
  // The check every test's build() installs (tests/support/upstream-conformance.ts).
  const suiteCheck = watchUpstreamConformance(app)
  // The sign-in's e-mail step: loginEmailCheck, then getAllEnvDomain (and the captcha question).
  await signInStep(app, 'email', { email: DEMO_ACCOUNT.email })
  await t.rejects(
    suiteCheck(),
    /loginEmailCheck.*emailCodeRequired must be boolean/s,
    'any test seeing it fails',
  )
  const [broken, intact] = seen
  t.equal(broken?.name, 'loginEmailCheck')
  t.match(broken?.differences.join(), /answer: \/item\/emailCodeRequired must be boolean/)
  t.equal(intact?.name, 'getAllEnvDomain')
  t.same(intact?.differences, [], 'the other calls still conform')
})

t.test(
  'the checker also catches a request that breaks the description and an undescribed code',
  async (t) => {
    const base = {
      environment: 'sg-k8s' as const,
      method: 'POST',
      query: undefined,
      json: false,
      language: 'en' as const,
      bearer: false,
      status: 200,
    }
    const badRequest = checker.check({
      ...base,
      path: '/basic-login/serviceLoginNew/4',
      body: { email: 'not an address' },
      answer: { retCode: '700211', retMsg: '', item: {}, items: [] },
    })
    t.match(badRequest.differences.join(), /request: .*password/)
    const unknownCode = checker.check({
      ...base,
      path: '/basic-login/loginEmailCheck/4',
      body: { email: DEMO_ACCOUNT.email },
      answer: { retCode: '700999', retMsg: 'new', item: {}, items: [] },
    })
    t.match(unknownCode.differences.join(), /retCode must be equal to one of the allowed values/)
    const noBearer = checker.check({
      ...base,
      path: '/tokens/getToken',
      body: {},
      answer: { retCode: '000000', retMsg: '', item: { token: 't' }, items: [] },
    })
    t.match(noBearer.differences.join(), /no bearer token/)
    const codeSpelling = checker.check({
      ...base,
      path: '/basic-login/loginEmailCheck/4',
      body: { email: DEMO_ACCOUNT.email },
      answer: { code: 700014, message: 'no such account' },
    })
    t.same(codeSpelling.differences, [], '`code`/`message` read as the BFF reads them (spec §3)')
  },
)
