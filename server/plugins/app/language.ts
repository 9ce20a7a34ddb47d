import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  isLanguageRedirectCandidate,
  languageRedirectLocation,
} from '../../../shared/frame/languageRedirect.ts'
import { type Edition, editionLanguage } from '../../../shared/frame/meta.ts'
import {
  type Language,
  languageWithoutParam,
  parseLanguageParam,
  parseLanguageQuery,
} from '../../../shared/language.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language of this request: `language` query, then the `language` header, then a
     * configured one (the external app's login config), then — in the international edition
     * only — the browser's, then the edition's (ADR 0062).
     */
    language: Language
  }
}

export interface LanguagePluginOptions {
  edition: Edition
  /**
   * The language configured for what this request shows, when something configures one (the
   * external app's login config, spec §3): it comes after the `language` parameter and before the
   * browser (spec §2), so it also decides whether the parameter is dropped. Undefined: no say.
   */
  configuredLanguage?: (request: FastifyRequest) => Promise<Language | undefined>
}

export default fp<LanguagePluginOptions>(
  async (app, options) => {
    const ownLanguage = editionLanguage(options.edition)
    app.decorateRequest('language', ownLanguage)
    app.addHook('onRequest', async (request, reply) => {
      const query = request.query as Record<string, unknown> | undefined
      const withoutParam =
        parseLanguageParam(request.headers.language) ??
        (await options.configuredLanguage?.(request)) ??
        languageWithoutParam(ownLanguage, request.headers['accept-language'])
      request.language = parseLanguageQuery(query?.language) ?? withoutParam

      // Spec §2: a page URL does not keep `language` when it names the language chosen anyway.
      if (!isLanguageRedirectCandidate(request.method, request.url)) return
      const location = languageRedirectLocation(request.url, withoutParam)
      if (location === undefined) return
      // 302, not 301: the answer depends on this browser's languages, so no cache may keep it.
      reply.header('Vary', 'Accept-Language, Language')
      reply.header('Cache-Control', 'no-store')
      return reply.redirect(location, 302)
    })
  },
  { name: 'language', fastify: '5.x' },
)
