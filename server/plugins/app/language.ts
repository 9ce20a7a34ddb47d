import fp from 'fastify-plugin'
import { type Language, languageFromAcceptLanguage, parseLanguageParam } from '../../../shared/language.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request: `language` query, then the browser's, then the edition's. */
    language: Language
  }
}

export interface LanguagePluginOptions {
  editionDefault: Language
}

export default fp<LanguagePluginOptions>(
  async (app, options) => {
    app.decorateRequest('language', options.editionDefault)
    app.addHook('onRequest', async (request) => {
      const query = request.query as Record<string, unknown> | undefined
      request.language =
        parseLanguageParam(query?.language) ??
        parseLanguageParam(request.headers.language) ??
        languageFromAcceptLanguage(request.headers['accept-language']) ??
        options.editionDefault
    })
  },
  { name: 'language', fastify: '5.x' },
)
