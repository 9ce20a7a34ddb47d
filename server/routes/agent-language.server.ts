import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { Topology } from '../../config/index.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import { languageSwitchHref, sameSitePath } from '../../shared/frame/links.ts'
import { LANGUAGES, type Language } from '../../shared/language.ts'
import { safeReturnPath } from '../../shared/safe-return.ts'
import { sendRefusal } from '../refusal.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { upstreamFailed } from '../upstream/failure-answer.ts'
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
          await tellAgentLanguage(request, options.topology, language, token)
        } catch (error) {
          // Best effort: the page's language is switched whether or not the upstream heard.
          upstreamFailed(request, error, { endpoint: 'updateAgentLanguage' })
        }
      }
      const back = sameSitePath(safeReturnPath(parsed.data.return, '/'))
      return reply.redirect(languageSwitchHref(back, language), 303)
    },
  )
}

async function tellAgentLanguage(
  request: FastifyRequest,
  topology: Topology,
  language: Language,
  token: string,
) {
  const { answer } = await callEndpoint(
    request,
    topology,
    'updateAgentLanguage',
    { language },
    { language, bearerToken: token },
  )
  if (answer.retCode !== RET_CODES.success)
    request.log.warn({ retCode: answer.retCode }, 'updateAgentLanguage refused')
}

/** The longest a sign-in's answer waits for the language update; a slower one goes on alone. */
const LANGUAGE_UPDATE_WAIT_MS = 2_000

/**
 * After every sign-in — password, e-mailed code, sign-up finish, Microsoft, SAML, WeCom, the SSO
 * picker, the external app — the agent's language becomes the one they signed in with (issue 18
 * point 4), once, from the one place a session starts (`request.signIn()` marks the request).
 * It runs before the answer is sent, so the next request sees it done (and no later call of the
 * same browser races it), but waits at most LANGUAGE_UPDATE_WAIT_MS; a failure is only logged:
 * it never fails the sign-in.
 */
export const agentLanguageAtSignIn = fp<{ topology: Topology }>(
  async (app, options) => {
    // Callback style: most answers started no session and go out without a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      const started = request.startedSession
      // Most answers started no session (and a request refused before the session was read has
      // none at all): they go out untouched.
      if (!started) return done(null, payload)
      const token = request.session.get('token')
      if (!token || request.session.deleted || reply.statusCode >= 400) return done(null, payload)
      request.startedSession = null // once, whatever happens next
      const update = tellAgentLanguage(request, options.topology, started.language, token).catch((error) => {
        // Whatever went wrong (upstream down, app closing), the person is signed in.
        request.log.warn({ err: error }, 'updateAgentLanguage after sign-in failed')
      })
      let timer: NodeJS.Timeout | undefined
      void Promise.race([
        update,
        new Promise((resolve) => (timer = setTimeout(resolve, LANGUAGE_UPDATE_WAIT_MS))),
      ]).then(() => {
        clearTimeout(timer)
        done(null, payload)
      })
    })
  },
  { name: 'agent-language-at-sign-in', fastify: '5.x', dependencies: ['session'] },
)
