import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Topology } from '../../config/index.ts'
import { languageSwitchHref, sameSitePath } from '../../shared/frame/links.ts'
import { LANGUAGES } from '../../shared/language.ts'
import { safeReturnPath } from '../../shared/safe-return.ts'
import { sendRefusal } from '../refusal.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { UpstreamError } from '../upstream/errors.ts'
import { checkSameSite } from './api/csrf.ts'

const choice = z.object({ language: z.enum(LANGUAGES), return: z.string().max(2048).optional() })

/**
 * `POST /auth/language`: the signed-in language switch as a plain form (no JavaScript needed).
 * Tells the upstream the agent's language (spec §7 updateAgentLanguage, JSON), then shows the
 * page the switch was on, in that language. A failed upstream call does not keep the visitor on
 * the old language: it is logged, and the page still switches.
 */
export async function agentLanguageRoutes(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; topology: Topology },
) {
  const https = options.publicOrigin?.startsWith('https:') ?? false
  app.post(
    '/auth/language',
    { preHandler: (request, reply, done) => app.csrfProtection(request, reply, done) },
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'no-store')
      const site = checkSameSite(request, options.publicOrigin)
      const parsed = choice.safeParse(request.body)
      if (!site.ok) return sendRefusal(request, reply, 403, { https }, 'errors:csrfForm')
      if (!parsed.success) return sendRefusal(request, reply, 400, { https })
      const { language } = parsed.data
      const token = request.session.get('token')
      if (token && request.sessionArrival === 'signedIn') {
        try {
          const { answer } = await callEndpoint(
            request,
            options.topology,
            'updateAgentLanguage',
            { language },
            { language, bearerToken: token },
          )
          if (answer.retCode !== '000000') {
            request.log.warn({ retCode: answer.retCode }, 'updateAgentLanguage refused')
          }
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error
          request.log.warn({ failure: error.failure }, 'updateAgentLanguage failed')
        }
      }
      const back = sameSitePath(safeReturnPath(parsed.data.return, '/'))
      return reply.redirect(languageSwitchHref(back, language), 303)
    },
  )
}
