import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import type { Channel, ChannelOutcome } from '../../shared/channels/outcome.ts'
import { isSuccess } from '../../shared/envelope.ts'
import { route } from '../plugins/app/own-pages.ts'
import { sendRefusal } from '../refusal.ts'
import { consentSteps, consentViewOf, outcomePageOf } from './channel-auth.server.ts'

export const CONSENT_PAGE = '/auth/channel_auth'

/**
 * The consent page without JavaScript (issue 21): `GET /auth/channel_auth` is rendered for this
 * request with the flow the session holds (who connects what, or nothing waiting), and its
 * `<form method="post">` comes back to `POST /auth/channel_auth` with `action=authorize` (and
 * `consent`) or `action=cancel`. The post runs the same steps as the page's fetch calls
 * (`consentSteps`) and answers with the outcome page (303) or the consent again with the error at
 * its field. Never cached: the page shows one session's flow.
 */
export async function channelConsentFormRoutes(
  app: FastifyInstance,
  options: { topology: Topology; publicOrigin: string | undefined },
) {
  const { deny, authorizeChannel } = consentSteps(app, options)
  const https = options.publicOrigin?.startsWith('https:') ?? false

  function consentPage(request: FastifyRequest, reply: FastifyReply, errors: Record<string, string> = {}) {
    // Without the renderer (tests of the routes alone) there is no page to show.
    if (typeof request.server.renderFormPage !== 'function') return reply.callNotFound()
    return request.server.renderFormPage(request, reply, {
      form: 'channelConsent',
      values: {},
      errors,
      // A visitor's Cancel posts too; the token is bound to this session (security.md §8).
      csrfToken: reply.generateCsrf(),
      channelConsent: consentViewOf(request),
    })
  }

  app.get(CONSENT_PAGE, async (request, reply) => consentPage(request, reply))

  // A plain form post of our own page: Fetch Metadata and Origin (the own-pages guard, which
  // answers another site with our localised refusal page) and the session's form token, which
  // another site cannot read — as strong as the fetch calls' custom header.
  app.post(
    CONSENT_PAGE,
    {
      ...route({ ownPages: 'form' }),
      preHandler: (request, reply, done) => app.csrfProtection(request, reply, done),
    },
    async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >
      const ended = (answer: { item: Record<string, unknown> }) =>
        reply.redirect(
          outcomePageOf(request, answer.item.outcome as ChannelOutcome, answer.item.channel as Channel),
          303,
        )
      if (body.action === 'cancel') {
        const { answer } = deny(request)
        // Nothing waits any more (another tab ended it): the page says so.
        return isSuccess(answer) ? ended(answer) : consentPage(request, reply)
      }
      // Authorising spends the sign-in bucket, as the fetch route does (`spends: 'signIn'`).
      const retryAfter = await app.spendRateLimit(request, 'signIn')
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter))
        return sendRefusal(request, reply, 429, { https }, 'errors:rateLimited')
      }
      const { status, answer } = await authorizeChannel(request, { consent: body.consent })
      if (isSuccess(answer) && answer.item.outcome) return ended(answer)
      // 401 (signed out meanwhile) and 409 (nothing waits) show the page as the session now stands.
      if (status === 401 || status === 409) return consentPage(request, reply)
      return consentPage(request, reply, {
        [status === 400 ? 'consent' : 'form']: answer.retMsg,
      })
    },
  )
}
