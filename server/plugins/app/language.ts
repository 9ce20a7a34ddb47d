import type { FastifyReply, FastifyRequest } from 'fastify'
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
  configuredLanguage?: (request: FastifyRequest) => Language | undefined | Promise<Language | undefined>
}

/** Distinct Accept-Language values remembered; browsers send few, so this is rarely reached. */
const REMEMBERED_HEADERS = 500

export default fp<LanguagePluginOptions>(
  async (app, options) => {
    const ownLanguage = editionLanguage(options.edition)
    // Parsing the header (split, sort by quality) cost ≈ 10 µs on every request of the `/api`
    // bench (ADR 0094); its answer depends on the header's text alone.
    const browserLanguages = new Map<string, Language>()
    const browserLanguage = (header: unknown): Language => {
      if (typeof header !== 'string') return languageWithoutParam(ownLanguage, header)
      let language = browserLanguages.get(header)
      if (!language) {
        language = languageWithoutParam(ownLanguage, header)
        if (browserLanguages.size >= REMEMBERED_HEADERS) browserLanguages.clear()
        browserLanguages.set(header, language)
      }
      return language
    }
    app.decorateRequest('language', ownLanguage)
    // Callback style: only a configured language that must be looked up (the external app's
    // login config, not yet cached) waits for a promise; every other request decides at once.
    app.addHook('onRequest', (request, reply, done) => {
      const fromHeader = parseLanguageParam(request.headers.language)
      const configured = fromHeader === undefined ? options.configuredLanguage?.(request) : undefined
      if (configured instanceof Promise) {
        // A throw in decide() becomes the request's error, as it did from an async hook.
        configured.then((language) => decide(request, reply, done, language)).catch(done)
        return
      }
      decide(request, reply, done, fromHeader ?? configured)
    })

    function decide(
      request: FastifyRequest,
      reply: FastifyReply,
      done: (error?: Error) => void,
      chosen: Language | undefined,
    ) {
      const query = request.query as Record<string, unknown> | undefined
      const withoutParam = chosen ?? browserLanguage(request.headers['accept-language'])
      request.language = parseLanguageQuery(query?.language) ?? withoutParam

      // Spec §2: a page URL does not keep `language` when it names the language chosen anyway.
      if (!isLanguageRedirectCandidate(request.method, request.url)) return done()
      const location = languageRedirectLocation(request.url, withoutParam)
      if (location === undefined) return done()
      // 302, not 301: the answer depends on this browser's languages, so no cache may keep it.
      // Answered here: a callback-style hook that replies does not call done().
      reply.header('Vary', 'Accept-Language, Language')
      reply.header('Cache-Control', 'no-store')
      reply.redirect(location, 302)
    }
  },
  { name: 'language', fastify: '5.x' },
)
