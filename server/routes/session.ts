import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { envelope } from '../../shared/envelope.ts'
import { parseLanguageQuery } from '../../shared/language.ts'
import { sendRefusal } from '../refusal.ts'
import { checkApiRequest, checkSameSite, varyOnCsrfHeaders } from './api/csrf.ts'

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

function isPlainFormPost(request: FastifyRequest): boolean {
  return (
    (request.headers['content-type'] ?? '').startsWith(FORM_CONTENT_TYPE) &&
    !request.headers['x-requested-with']
  )
}

function refuse(request: FastifyRequest, reply: FastifyReply, reason: string, https: boolean) {
  // Debug: a forged post from another site is no news, and a flood of them must not flood the log.
  request.log.debug({ reason, url: request.url }, 'cross-site check refused a request')
  // A plain form post gets a page that says what happened; our fetch calls get the envelope.
  return sendRefusal(request, reply, 403, { https }, isPlainFormPost(request) ? 'errors:csrfForm' : undefined)
}

/** BFF-own account routes: they change the session, never call an upstream. */
export async function sessionRoutes(app: FastifyInstance, options: { publicOrigin: string | undefined }) {
  const https = options.publicOrigin?.startsWith('https:') ?? false
  app.addHook('onRequest', async (_request, reply) => {
    varyOnCsrfHeaders(reply)
    reply.header('Cache-Control', 'no-store')
  })

  // POST only: a link or an image tag must never be able to sign someone out. It works from our
  // pages' fetch (custom header) and as a plain form post without JavaScript (session-bound token).
  const formTokenCheck = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isPlainFormPost(request)) app.csrfProtection(request, reply, done)
    else done()
  }
  app.post('/auth/sign_out', { preHandler: formTokenCheck }, async (request, reply) => {
    if (isPlainFormPost(request)) {
      const site = checkSameSite(request, options.publicOrigin)
      if (!site.ok) return refuse(request, reply, site.reason, https)
      await request.signOut(reply)
      // The sign-in page in the language the page was in (`?language=` on the form's action).
      const chosen = parseLanguageQuery((request.query as { language?: unknown } | undefined)?.language)
      return reply.redirect(`/auth/sign_in${chosen ? `?language=${chosen}` : ''}`, 303)
    }
    const verdict = checkApiRequest(request, options.publicOrigin)
    if (!verdict.ok) return refuse(request, reply, verdict.reason, https)
    await request.signOut(reply)
    return reply.code(200).send(envelope('000000', 'success'))
  })
}
