import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Counter } from 'prom-client'
import { resetEndpoints } from '../../../shared/api/endpoints/reset.ts'
import { signInEndpoints } from '../../../shared/api/endpoints/signIn.ts'
import { signUpEndpoints } from '../../../shared/api/endpoints/signUp.ts'
import { RET_CODES } from '../../../shared/api/upstream-notes.ts'
import { apiEndpointOf, decorateApiEndpoint } from '../../routes/api/endpoint-of.ts'

/** The flows a product team follows step by step (issue 47 point 6). */
export type Flow = 'sign_in' | 'sign_up' | 'reset'

/** The flow routes' own steps: `POST /auth/<flow>/flow/<step>` (the page's fetch calls). */
const FLOW_ROUTES: readonly [prefix: string, flow: Flow][] = [
  ['/auth/sign_in/flow/', 'sign_in'],
  ['/auth/sign_up/flow/', 'sign_up'],
  ['/auth/reset/flow/', 'reset'],
]
/** Moves between steps, not steps: going back or starting again is no one lost. */
const NOT_STEPS = new Set(['back', 'restart'])

const API_FLOWS = new Map<string, Flow>([
  ...Object.keys(signInEndpoints).map((name) => [name, 'sign_in'] as const),
  ...Object.keys(signUpEndpoints).map((name) => [name, 'sign_up'] as const),
  ...Object.keys(resetEndpoints).map((name) => [name, 'reset'] as const),
])

/** Why an answer that is not a success was refused: the HTTP status's meaning, or the retCode. */
const REFUSED_BY_STATUS: Record<number, string> = {
  400: 'invalid_input',
  401: 'no_session',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
  502: 'upstream_failed',
  503: 'unavailable',
  504: 'upstream_timeout',
}

/**
 * Only labels from fixed lists: the flow, the step (an endpoint of the table or a flow route's
 * pattern), and a reason from the retCode table or the status list above, else `other`. Nothing
 * from the request (an address, a name) can become a label: the series stay few and anonymous.
 */
function refusalReason(status: number, retCode: string | undefined): string {
  if (status !== 200) return REFUSED_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'other')
  return retCode && retCode in RET_CODES ? `ret_${retCode}` : 'other'
}

interface FunnelStep {
  flow: Flow
  step: string
}

function stepOf(request: FastifyRequest): FunnelStep | undefined {
  if (request.method !== 'POST') return undefined
  const url = request.routeOptions.url
  if (!url) return undefined
  const match = apiEndpointOf(request)
  if (match) {
    const flow = API_FLOWS.get(match.name)
    return flow ? { flow, step: match.name } : undefined
  }
  for (const [prefix, flow] of FLOW_ROUTES) {
    if (!url.startsWith(prefix)) continue
    const step = url.slice(prefix.length)
    return NOT_STEPS.has(step) ? undefined : { flow, step }
  }
  return undefined
}

const RET_CODE = /"retCode":"(\d+)"/

/**
 * A funnel per flow: each step's calls counted as started, then passed or refused (and why), so a
 * product team sees where sign-in, sign-up and reset lose people. Read from the answers the pages
 * get (the `/api` rows of the flows and the flow routes), so every way a step can refuse — the
 * rate limit, validation, the flow's own order, the upstream — counts without each module saying so.
 */
export default fp(
  async (app) => {
    const registers = [app.metrics]
    const steps = new Counter({
      name: 'flow_steps_total',
      help: 'Steps of the sign-in, sign-up and reset flows by flow, step and outcome: started, passed or refused',
      labelNames: ['flow', 'step', 'outcome'] as const,
      registers,
    })
    const refusals = new Counter({
      name: 'flow_step_refusals_total',
      help: 'Flow steps refused, by flow, step and reason (ret_<retCode>, rate_limited, invalid_input, upstream_timeout…)',
      labelNames: ['flow', 'step', 'reason'] as const,
      registers,
    })
    decorateApiEndpoint(app)
    // onSend: the answer is serialised by then, so its retCode is read without parsing the body.
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      const step = stepOf(request)
      if (!step) return done(null, payload)
      steps.inc({ ...step, outcome: 'started' })
      const retCode = typeof payload === 'string' ? RET_CODE.exec(payload)?.[1] : undefined
      if (reply.statusCode === 200 && retCode === '000000') steps.inc({ ...step, outcome: 'passed' })
      else {
        steps.inc({ ...step, outcome: 'refused' })
        refusals.inc({ ...step, reason: refusalReason(reply.statusCode, retCode) })
      }
      done(null, payload)
    })
  },
  { name: 'funnel', fastify: '5.x', dependencies: ['metrics'] },
)
