import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { type ApiEnvelope, envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { changePasswordSchema } from '../../shared/schemas/reset.ts'
import { route } from '../plugins/app/own-pages.ts'
import { refusedInput } from '../refused-input.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { upstreamFailureAnswer } from '../upstream/failure-answer.ts'
import { findToken, withoutTokens } from './api/tokens.ts'

/**
 * The password age reminder's "Change now" (issue 18 point 5, issue 21): the signed-in user
 * changes a password they know — current, new, repeated — with `account/resetNewPwd`. One step,
 * two ways in: the page's fetch call (`POST /auth/sign_in/flow/changePassword`, below) and the
 * plain form post (`POST /auth/sign_in` with `step=changePassword`, sign-in-form.server.ts).
 */
export interface ChangeResult {
  answer: ApiEnvelope
  status: number
}

export async function changeKnownPassword(
  request: FastifyRequest,
  topology: Topology,
  body: unknown,
): Promise<ChangeResult> {
  const { t } = i18nFor(request.language)
  const token = request.session?.get('token')
  // Only for the session's own account: the upstream takes the account from the bearer token.
  if (request.sessionArrival !== 'signedIn' || !token)
    return { answer: envelope('401', t('errors:unauthorized')), status: 401 }
  // spec §5's rules first (new ≠ current, the repetition matches), as the `/api` row checked them.
  const parsed = changePasswordSchema.safeParse(body ?? {})
  if (!parsed.success) return { answer: refusedInput(request, parsed.error.issues), status: 400 }
  try {
    const { answer } = await callEndpoint(request, topology, 'resetNewPwd', parsed.data)
    // A refreshed token replaces the sealed one (as on `/api`); it never goes out.
    const refreshed = findToken(answer.item)
    if (refreshed && isSuccess(answer)) request.session.set('token', refreshed)
    return { answer: withoutTokens(answer), status: 200 }
  } catch (error) {
    const failed = upstreamFailureAnswer(request, error, { endpoint: 'resetNewPwd' })
    return { answer: failed.body, status: failed.status }
  }
}

/** `POST /auth/sign_in/flow/changePassword`: the step for the page's fetch call (spends `reset`). */
export async function passwordChangeRoutes(app: FastifyInstance, options: { topology: Topology }) {
  app.post(
    '/auth/sign_in/flow/changePassword',
    route({ ownPages: 'fetch', spends: 'reset' }),
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { answer, status } = await changeKnownPassword(request, options.topology, request.body)
      return reply.code(status).type('application/json; charset=utf-8').send(answer)
    },
  )
}
