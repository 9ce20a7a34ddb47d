/**
 * One "not in this flow" answer for every flow (server/not-in-flow.ts, issue 44 point 4, ADR 0125):
 * a step the session's flow is not at, or made with no flow at all, is HTTP 409 with retCode
 * NOT_IN_FLOW ('409', ours) and the flow's own words, in the request's language, and nothing is
 * sent upstream.
 */
import t from 'tap'
import type { EndpointName } from '../../../shared/api/endpoints.ts'
import { ENDPOINTS } from '../../../shared/api/endpoints.ts'
import { NOT_IN_FLOW } from '../../../shared/envelope.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { build, SAME_ORIGIN, sandboxRequests } from '../../helper.ts'

const { app, sandbox } = await build(t)
const upstreamCalls = async () => (await sandboxRequests(sandbox.regions.sg.url)).length

/** Each flow's out-of-order step from a fresh browser, and the text the flow says it with. */
const STEPS: Array<{ flow: string; method: 'GET' | 'POST'; url: string; text: string }> = [
  { flow: 'sign-in', method: 'POST', url: '/auth/sign_in/flow/password', text: 'signInSteps:flowExpired' },
  { flow: 'sign-up (finish)', method: 'POST', url: '/auth/sign_up/flow/finish', text: 'signUp:flowExpired' },
  ...(['sendRegisterVerifyEmail', 'registerSgPartInfo', 'registerChoseProduct'] as EndpointName[]).map(
    (name) => ({
      flow: `sign-up (${name})`,
      method: 'POST' as const,
      url: `/api/${ENDPOINTS[name].path}`,
      text: 'signUp:flowExpired',
    }),
  ),
  ...(['checkFindPwd', 'setServiceNewPwd'] as EndpointName[]).map((name) => ({
    flow: `reset (${name})`,
    method: 'POST' as const,
    url: `/api/${ENDPOINTS[name].path}`,
    text: 'reset:flowExpired',
  })),
  {
    flow: 'reset (link password)',
    method: 'POST',
    url: '/auth/reset/flow/link/password',
    text: 'reset:flowExpired',
  },
  { flow: 'channel authorization', method: 'POST', url: '/auth/channel_auth/deny', text: 'channels:noFlow' },
  { flow: 'SSO environment picker', method: 'GET', url: '/auth/sso/pending', text: 'sso:pickExpired' },
]

/** A body each step's schema accepts, so the flow (not validation) answers. */
const BODY = {
  password: 'Valid-Pass42',
  confirmPassword: 'Valid-Pass42',
  email: 'nobody-here@trial.example',
  code: '123456',
  firstName: 'Ann',
  lastName: 'Lee',
  company: 'Example',
  jobTitle: 'Support lead',
  phone: '81234567',
  areaCode: '65',
  products: ['chatbot'],
}

for (const step of STEPS) {
  t.test(
    `${step.flow} › out of its flow: 409, NOT_IN_FLOW, the flow's words, no upstream call`,
    async (t) => {
      for (const language of ['en', 'zh'] as const) {
        const before = await upstreamCalls()
        const response = await app.inject({
          method: step.method,
          // A GET with ?language= is redirected to the address without it: the header says it then.
          url: step.method === 'POST' ? `${step.url}?language=${language}` : step.url,
          headers: { ...SAME_ORIGIN, 'accept-language': language },
          ...(step.method === 'POST' ? { payload: BODY } : {}),
        })
        t.equal(response.statusCode, 409, `${language}: ${response.body}`)
        t.match(response.json(), { retCode: NOT_IN_FLOW, retMsg: i18nFor(language).t(step.text) })
        t.equal(await upstreamCalls(), before, 'the upstream never heard of it')
      }
    },
  )
}
