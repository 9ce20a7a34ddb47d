/**
 * Every sign-up call through the BFF against the sandbox, one row per endpoint: what the BFF refuses
 * before forwarding (naming the field), an upstream refusal as the localised envelope, the shape of
 * a success, and the rate-limit bucket it counts against.
 */
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { MESSAGES } from '../../../sandbox/messages.ts'
import { captchaEndpoints } from '../../../shared/api/endpoints/captcha.ts'
import { signUpEndpoints } from '../../../shared/api/endpoints/signUp.ts'
import { NOT_IN_FLOW } from '../../../shared/envelope.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { build, cookieHeader, SAME_ORIGIN, sandboxRequests, sessionCookieOf } from '../../helper.ts'
import { solvedCaptchaPass } from '../../support/captcha.ts'
import { lastLink, linkFragmentId } from '../../support/outbox.ts'
import { freshSignUpEmail, SIGN_UP_DETAILS, SIGN_UP_PASSWORD } from '../../support/sign-up.ts'

const ENDPOINTS = { ...captchaEndpoints, ...signUpEndpoints }
type Name = keyof typeof ENDPOINTS
type Payload = Record<string, unknown>

const NO_LIMITS = { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m' }
const { app, sandbox } = await build(t, { env: NO_LIMITS })
const sg = sandbox.regions.sg.url
const PASSWORD = SIGN_UP_PASSWORD
const DETAILS = SIGN_UP_DETAILS
const freshEmail = () => freshSignUpEmail('endpoints')
/** registerSgH5's one page (phone browsers), without the captcha. */
const ONE_PAGE = () => ({
  email: freshEmail(),
  password: PASSWORD,
  fullName: 'Ada Lovelace',
  company: 'Engines Ltd',
  areaCode: '65',
  phone: '81234567',
})

/** One browser: its session cookie carries the sign-up flow from call to call. */
class Browser {
  cookie: string | undefined
  readonly app: FastifyInstance
  constructor(app: FastifyInstance) {
    this.app = app
  }

  async call(name: Name, payload: Payload, language: 'en' | 'zh' = 'en', ip = '127.0.0.1') {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/${ENDPOINTS[name].path}`,
      remoteAddress: ip,
      headers: { ...SAME_ORIGIN, ...cookieHeader(this.cookie), 'accept-language': language },
      payload,
    })
    this.cookie = sessionCookieOf(response) ?? this.cookie
    return { status: response.statusCode, body: response.json() as Envelope }
  }

  captchaPass(): Promise<string> {
    return solvedCaptchaPass((name, payload) => this.call(name, payload))
  }

  /** registerSgNew done: the flow waits for the e-mailed link. */
  async started(email = freshEmail()): Promise<string> {
    await this.call('registerSgNew', { email, password: PASSWORD, captchaPass: await this.captchaPass() })
    return email
  }

  /** The verification e-mail sent and its link's id (from the fragment). */
  async linkId(email: string): Promise<string> {
    await this.call('sendRegisterVerifyEmail', { email })
    return linkFragmentId(await lastLink(sg, email, 'register-verify'))
  }

  async verified(): Promise<string> {
    const email = await this.started()
    await this.call('checkVerifyEmailLink', { id: await this.linkId(email) })
    return email
  }

  async setUp(): Promise<string> {
    const email = await this.verified()
    await this.call('registerSgPartInfo', { email, ...DETAILS })
    return email
  }
}

interface Envelope {
  retCode: string
  retMsg: string
  item: Record<string, unknown>
}

interface Row {
  name: Name
  bucket: 'signUp' | 'code'
  /** Refused by the BFF's schema, never forwarded: the payload and the field it names. */
  invalid: { payload: Payload; field: string } | null
  /** An upstream refusal: how to get there and the code. null: the upstream has none (why). */
  /** `byFlow`: the sign-up flow refuses it before any upstream call (not at that step). */
  refused: { run: (browser: Browser) => Promise<Payload>; code: string; byFlow?: true } | string
  /** A success: how to get there and what its item holds. */
  success: { run: (browser: Browser) => Promise<Payload>; item: (payload: Payload) => object }
}

const ROWS: Row[] = [
  {
    name: 'initSgGeetestInfo',
    bucket: 'signUp',
    invalid: null,
    refused: 'takes nothing that could be wrong',
    success: { run: async () => ({}), item: () => ({ challengeId: String, a: Number, b: Number }) },
  },
  {
    name: 'checkSgGeetestInfo',
    bucket: 'signUp',
    invalid: { payload: { challengeId: 'c'.repeat(20), answer: '' }, field: 'answer' },
    refused: {
      run: async (browser) => {
        const { body } = await browser.call('initSgGeetestInfo', {})
        return { challengeId: body.item.challengeId, answer: '999' }
      },
      code: '700169',
    },
    success: {
      run: async (browser) => {
        const { body } = await browser.call('initSgGeetestInfo', {})
        const { challengeId, a, b } = body.item as { challengeId: string; a: number; b: number }
        return { challengeId, answer: String(a + b) }
      },
      item: () => ({ captchaPass: /^cpt_/ }),
    },
  },
  {
    name: 'registerEmailCheck',
    bucket: 'signUp',
    invalid: { payload: { email: 'not-an-address' }, field: 'email' },
    refused: { run: async () => ({ email: DEMO_ACCOUNT.email }), code: '700037' },
    success: { run: async () => ({ email: freshEmail() }), item: () => ({}) },
  },
  {
    name: 'registerSgNew',
    bucket: 'signUp',
    invalid: { payload: { email: freshEmail(), password: 'short', captchaPass: 'cpt_x' }, field: 'password' },
    refused: {
      run: async (browser) => ({
        email: DEMO_ACCOUNT.email,
        password: PASSWORD,
        captchaPass: await browser.captchaPass(),
      }),
      code: '700037',
    },
    success: {
      run: async (browser) => ({
        email: freshEmail(),
        password: PASSWORD,
        captchaPass: await browser.captchaPass(),
      }),
      item: (payload) => ({ email: payload.email }),
    },
  },
  {
    name: 'registerSgH5',
    bucket: 'signUp',
    invalid: { payload: { ...ONE_PAGE(), fullName: 'Ada', captchaPass: 'cpt_x' }, field: 'fullName' },
    refused: { run: async () => ({ ...ONE_PAGE(), captchaPass: 'cpt_never-issued' }), code: '700169' },
    success: {
      run: async (browser) => ({ ...ONE_PAGE(), captchaPass: await browser.captchaPass() }),
      item: (payload) => ({ email: payload.email }),
    },
  },
  {
    name: 'sendRegisterVerifyEmail',
    bucket: 'code',
    invalid: { payload: { email: '' }, field: 'email' },
    // No sign-up in this session: the BFF refuses without asking the upstream (a call cannot send
    // the e-mail of someone else's pending registration).
    refused: { run: async () => ({ email: freshEmail() }), code: NOT_IN_FLOW, byFlow: true },
    success: { run: async (browser) => ({ email: await browser.started() }), item: () => ({}) },
  },
  {
    name: 'checkVerifyEmailLink',
    bucket: 'signUp',
    invalid: { payload: { id: 'short' }, field: 'id' },
    refused: { run: async () => ({ id: 'never-sent-link-id-000000' }), code: '700125' },
    success: {
      run: async (browser) => ({ id: await browser.linkId(await browser.started()) }),
      item: () => ({ email: String, mobile: false }),
    },
  },
  ...(['registerSgPartInfo', 'registerPartInfo', 'updateRegisterPartInfo'] as const).map(
    (name): Row => ({
      name,
      bucket: 'signUp',
      invalid: { payload: { email: freshEmail(), ...DETAILS, company: '' }, field: 'company' },
      // Not verified yet: the flow is not at setup, so the BFF answers that it is not in the flow.
      refused: {
        run: async (browser) => ({ email: await browser.started(), ...DETAILS }),
        code: NOT_IN_FLOW,
        byFlow: true,
      },
      success: {
        run: async (browser) => ({ email: await browser.verified(), ...DETAILS }),
        item: (payload) => ({ email: payload.email }),
      },
    }),
  ),
  {
    name: 'registerChoseProduct',
    bucket: 'signUp',
    invalid: { payload: { products: ['not-a-product'] }, field: 'products.0' },
    refused: {
      run: async (browser) => {
        await browser.verified()
        return { products: ['chatbot'] }
      },
      code: NOT_IN_FLOW,
      byFlow: true,
    },
    success: {
      run: async (browser) => {
        await browser.setUp()
        return { products: ['chatbot'], goals: ['ai-automation'] }
      },
      item: () => ({ email: String }),
    },
  },
  // registerFinishNew/H5 are flow-only (the table): tests/server/flows/sign-up.test.ts.
]

/** Apps that allow one call a minute in one bucket only. */
const LIMITED = {
  signUp: await build(t, { sandbox, env: { ...NO_LIMITS, RATE_LIMIT_SIGN_UP: '1/1m' } }),
  code: await build(t, { sandbox, env: { ...NO_LIMITS, RATE_LIMIT_CODE: '1/1m' } }),
}

const upstreamCalls = async (name: Name) =>
  (await sandboxRequests(sg)).filter((request) => request.url.split('?')[0]?.endsWith(ENDPOINTS[name].path))
    .length

for (const row of ROWS) {
  t.test(`${row.name}`, async (t) => {
    t.equal(ENDPOINTS[row.name].limit, row.bucket, `counts against the ${row.bucket} bucket`)

    if (row.invalid) {
      const before = await upstreamCalls(row.name)
      const refused = await new Browser(app).call(row.name, row.invalid.payload, 'zh')
      t.equal(refused.status, 400, 'refused by the BFF')
      t.same(refused.body.item, { field: row.invalid.field }, `naming ${row.invalid.field}`)
      t.ok(/\p{Script=Han}/u.test(refused.body.retMsg), `in Chinese: ${refused.body.retMsg}`)
      t.equal(await upstreamCalls(row.name), before, 'never forwarded')
    }

    const refusal = row.refused
    if (typeof refusal === 'string') t.comment(`no upstream refusal: ${refusal}`)
    else {
      for (const language of ['en', 'zh'] as const) {
        const browser = new Browser(app)
        const payload = await refusal.run(browser)
        const before = await upstreamCalls(row.name)
        const answer = await browser.call(row.name, payload, language)
        t.equal(answer.body.retCode, refusal.code, `${language}: code ${refusal.code}`)
        if (refusal.byFlow) {
          // The one not-in-flow answer (ADR 0125): 409, the sign-up's own words, no upstream call.
          t.equal(answer.status, 409)
          t.equal(
            answer.body.retMsg,
            i18nFor(language).t('signUp:flowExpired'),
            `${language}: ${answer.body.retMsg}`,
          )
          t.equal(await upstreamCalls(row.name), before, 'refused without an upstream call')
          continue
        }
        // The upstream answers in the request's language; the page's catalogue has the code too.
        const upstream = Object.values(MESSAGES).find((entry) => entry.code === refusal.code)
        t.equal(answer.body.retMsg, upstream?.[language], `${language}: ${answer.body.retMsg}`)
        t.ok(
          i18nFor(language).exists(`errors:code.${refusal.code}`),
          `${language}: the page shows ${refusal.code} from its own catalogue`,
        )
      }
    }

    const browser = new Browser(app)
    const payload = await row.success.run(browser)
    const done = await browser.call(row.name, payload)
    t.equal(done.status, 200)
    t.equal(done.body.retCode, '000000', done.body.retMsg)
    t.match(done.body.item, row.success.item(payload), 'the success item')
  })

  t.test(`${row.name} › rate limit`, async (t) => {
    // One call per window, per client address: each row's client has its own address.
    const browser = new Browser(LIMITED[row.bucket].app)
    const ip = `203.0.113.${ROWS.indexOf(row) + 1}`
    const payload = row.invalid?.payload ?? {}
    t.not((await browser.call(row.name, payload, 'en', ip)).status, 429, 'the first call passes the limit')
    const second = await browser.call(row.name, payload, 'zh', ip)
    t.equal(second.status, 429, 'the second within the window is refused')
    t.match(second.body.retMsg, /^尝试次数过多，请 \d+ (秒|分钟)后再试。$/, 'says when, in Chinese')
    const other = LIMITED[row.bucket === 'code' ? 'signUp' : 'code']
    t.not(
      (await new Browser(other.app).call(row.name, payload, 'en', ip)).status,
      429,
      `the ${row.bucket} budget is what ran out (an app limiting only the other bucket lets it pass)`,
    )
  })
}
