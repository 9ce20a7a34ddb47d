import type { Namespace } from '../shared/i18n/namespaces.ts'
import type { Language } from '../shared/language.ts'

/** Fields the BFF adds to every pageContext (server/plugins/app/ssr.server.ts). */
export interface PageUser {
  email: string
}

declare global {
  namespace Vike {
    interface Config {
      /** Translation namespaces this page uses besides the frame's (docs/pages.md). */
      namespaces?: readonly Namespace[]
    }
    interface ConfigResolved {
      /** Every `namespaces` value from this page's folder up (the setting is cumulative). */
      namespaces?: (readonly Namespace[])[]
    }
    interface Config {
      /** Overrides the site-wide Referrer-Policy for this page (server/plugins/app/ssr.server.ts). */
      referrerPolicy?: 'no-referrer'
    }
    interface PageContext {
      language: Language
      user: PageUser | null
      edition: 'international' | 'chinese'
      /** PUBLIC_ORIGIN (configuration) or '': the origin of absolute canonical links. */
      publicOrigin: string
      isPhone: boolean
      /** Token for plain form posts (sign-out without JavaScript); not an upstream credential. */
      csrfToken: string
      /** The external sign-in and connect app: base path and runtime config (ADR 0040). */
      externalApp: { basePath: string; runtimeConfig: { URL_DOMAIN: string; TEXT_PREFIX: string } }
      /** The captcha provider's script and public id (configuration, ADR 0027); null: none. */
      captchaProvider: { scriptUrl: string; captchaId: string } | null
      /** A form posted without JavaScript, answered by the server (shared/forms/form-state.ts). */
      formState?: import('../shared/forms/form-state.ts').FormState | null
      /** A sign-in this session has under way: its step (server/routes/sign-in-flow.server.ts). */
      signInFlow: import('../shared/api/sign-in-flow.ts').SignInFlowView | null
      /** The sign-up page's step from this session, and its forms' token (sign-up-resume.server.ts). */
      signUpResume: import('../shared/api/sign-up-flow.ts').SignUpResume | null
      /**
       * Server only (set in +onCreatePageContext.server.ts): the HTML of a frame part that is the
       * same on every page with the same key, rendered once per key (ADR 0060). Absent in the browser.
       */
      /** From the BFF (FRAME_FRAGMENTS): whether `frameFragment` is set at all. */
      frameFragments?: boolean
      frameFragment?: (name: string, element: import('react').ReactElement) => string
    }
  }
}
