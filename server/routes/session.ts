import type { FastifyInstance } from 'fastify'
import { envelope } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { checkApiRequest, varyOnCsrfHeaders } from './api/csrf.ts'

export async function sessionRoutes(app: FastifyInstance, options: { publicOrigin: string | undefined }) {
  // POST only: a link or an image tag must never be able to sign someone out.
  app.post('/auth/sign_out', async (request, reply) => {
    varyOnCsrfHeaders(reply)
    reply.header('Cache-Control', 'no-store')
    const verdict = checkApiRequest(request, options.publicOrigin)
    if (!verdict.ok) {
      request.log.warn({ reason: verdict.reason }, 'cross-site check refused sign-out')
      return reply.code(403).send(envelope('403', i18nFor(request.language).t('errors:forbidden')))
    }
    request.signOut(reply)
    return reply.code(200).send(envelope('000000', 'success'))
  })
}
