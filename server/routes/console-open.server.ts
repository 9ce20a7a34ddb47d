import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { parseLanguageQuery } from '../../shared/language.ts'
import { sendRefusal } from '../refusal.ts'
import { failureStatus } from '../upstream/errors.ts'
import { failureTextKey } from '../upstream/failure-answer.ts'
import { checkSameSite, varyOnCsrfHeaders } from './api/csrf.ts'
import { environmentFor } from './api/environment.ts'
import { consoleHandOverOutcome } from './console-hand-over.server.ts'

/**
 * `POST /auth/console/open`: "Go to the console" for a signed-in session (the signed-in card,
 * the channel success page; issue 18 point 8). A plain form post with the session-bound form
 * token, so it works without JavaScript; answers 303 to the console URL `account/consoleLogin`
 * ticketed for this session, exactly as after a sign-in (ADR 0056). POST only: a link or an
 * image must not spend the session's ticket.
 */
export async function consoleOpenRoutes(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; topology: Topology },
) {
  const https = options.publicOrigin?.startsWith('https:') ?? false
  app.post(
    '/auth/console/open',
    { preHandler: (request, reply, done) => app.csrfProtection(request, reply, done) },
    async (request: FastifyRequest, reply: FastifyReply) => {
      varyOnCsrfHeaders(reply)
      reply.header('Cache-Control', 'no-store')
      const site = checkSameSite(request, options.publicOrigin)
      if (!site.ok) return sendRefusal(request, reply, 403, { https }, 'errors:csrfForm')
      const token = request.session.get('token')
      if (request.sessionArrival !== 'signedIn' || !token) {
        // Signed out meanwhile: the sign-in page, which goes to the console afterwards.
        const chosen = parseLanguageQuery((request.query as { language?: unknown } | undefined)?.language)
        return reply.redirect(`/auth/sign_in${chosen ? `?language=${chosen}` : ''}`, 303)
      }
      const handedOver = await consoleHandOverOutcome(
        request,
        options.topology,
        environmentFor(request, options.topology),
        token,
      )
      if ('failure' in handedOver) {
        const { failure } = handedOver
        return sendRefusal(request, reply, failureStatus(failure), { https }, failureTextKey(failure))
      }
      return reply.redirect(handedOver.url, 303)
    },
  )
}
