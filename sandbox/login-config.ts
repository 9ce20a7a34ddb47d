import type { FastifyInstance } from 'fastify'
import { answer, fieldsOf, text } from './http.ts'

/**
 * `config/loginConfig` (spec §3, §7): the sign-in app's settings for the host it is served on.
 * Fixture (docs/sandbox.md): hosts starting with `127.` or `zh.` are set up in Chinese, all others
 * in English, so both languages can be reached from one machine (localhost vs 127.0.0.1).
 */
export async function loginConfigRoutes(app: FastifyInstance): Promise<void> {
  app.post('/basic-login/config/loginConfig', async (request) => {
    const domain = text(fieldsOf(request), 'domain').toLowerCase()
    if (!domain) return answer(request, 'badRequest')
    const chinese = domain.startsWith('127.') || domain.startsWith('zh.')
    return answer(request, 'success', { item: { domain, language: chinese ? 'zh' : 'en' } })
  })
}
