import type { Language } from '../shared/language.ts'

/** Fields the BFF adds to every pageContext (server/plugins/app/ssr.server.ts). */
export interface PageUser {
  email: string
}

declare global {
  namespace Vike {
    interface Config {
      /** Overrides the site-wide Referrer-Policy for this page (server/plugins/app/ssr.server.ts). */
      referrerPolicy?: 'no-referrer'
    }
    interface PageContext {
      language: Language
      user: PageUser | null
      edition: 'international' | 'chinese'
      isPhone: boolean
      /** Token for plain form posts (sign-out without JavaScript); not an upstream credential. */
      csrfToken: string
    }
  }
}
