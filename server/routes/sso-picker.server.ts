import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Topology } from '../../config/index.ts'
import { envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { ENVIRONMENT_NAMES } from '../../shared/regions.ts'
import { route } from '../plugins/app/own-pages.ts'
import { findToken } from './api/tokens.ts'
import { SSO_PENDING_TTL_MS, type SsoKit, ssoPendingSlot } from './sso-kit.server.ts'

const environmentChoice = z.object({ environment: z.enum(ENVIRONMENT_NAMES) })

/**
 * The multi-environment picker for enterprise sign-ins (issue 10 point 4, ADR 0051): the provider
 * confirmed who the user is, the account lives in several environments, the user picks one. The
 * chosen environment exchanges the confirmed sign-in's token for its own (`tokens/getToken`).
 */
export async function ssoPickerRoutes(
  app: FastifyInstance,
  options: { kit: SsoKit; topology: Topology; publicOrigin: string | undefined },
) {
  const { kit } = options

  function gone(request: FastifyRequest, reply: FastifyReply) {
    const t = i18nFor(request.language).t
    return reply
      .code(409)
      .send(envelope('409', t('sso:pickExpired'), { redirect: kit.inLanguage(request, '/auth/sign_in') }))
  }

  app.get('/auth/sso/pending', route({ ownPages: 'fetch' }), async (request, reply) => {
    const pending = ssoPendingSlot.get(request)
    if (!pending) return gone(request, reply)
    const environments = request.session.get('accountEnvironments') ?? []
    return reply.send(
      envelope(
        '000000',
        'success',
        // The account the provider confirmed: the picker names it before anyone is signed in.
        { email: pending.email },
        environments.map((env) => ({ env })),
      ),
    )
  })

  app.post(
    '/auth/sso/environment',
    route({ ownPages: 'fetch', spends: 'signIn' }),
    async (request, reply) => {
      const pending = ssoPendingSlot.get(request)
      if (!pending) return gone(request, reply)
      const parsed = environmentChoice.safeParse(request.body)
      const offered = request.session.get('accountEnvironments') ?? []
      const t = i18nFor(request.language).t
      if (!parsed.success || !offered.includes(parsed.data.environment)) {
        return reply.code(400).send(envelope('400', t('errors:badRequest')))
      }
      const environment = parsed.data.environment
      ssoPendingSlot.clear(request)
      // Used once on the server too: an older copy of the cookie cannot choose again (security.md #19).
      if (!(await app.singleUse.claim(`sso-pending:${pending.token}`, SSO_PENDING_TTL_MS)))
        return gone(request, reply)
      let token: string | undefined = pending.token
      if (environment !== pending.environment) {
        const exchanged = await kit.upstream(
          request,
          'getToken',
          {},
          { environment, bearerToken: pending.token },
        )
        token = exchanged && isSuccess(exchanged.answer) ? findToken(exchanged.answer.item) : undefined
      }
      const outcome = token
        ? await kit.signIn(request, { token, email: pending.email, environment })
        : ({ kind: 'failed' } as const)
      return reply.send(envelope('000000', 'success', { redirect: kit.locationOf(request, outcome) }))
    },
  )
}
