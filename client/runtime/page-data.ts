import type { PageContext } from 'vike/types'

/**
 * What the browser gets of a page's pageContext (ADR 0102): the server writes it into the page as
 * a JSON data block (`+Head.tsx`), the client runtime reads it to hydrate and, after a client-side
 * navigation, from the next page's HTML. None of these fields may ever hold a token.
 */
export const PASSED_TO_CLIENT = [
  'language',
  'user',
  'edition',
  'isPhone',
  'csrfToken',
  'publicOrigin',
  'externalApp',
  'captchaProvider',
  // Only on pages answering a form posted without JavaScript: what was typed, never a password.
  'formState',
  'signUpResume',
  'signInFlow',
] as const

export const PAGE_DATA_ID = 'page-data'

/**
 * In development Vike imports a page's entry from an inline module script, after Vite's client
 * (`import("/auth/_next/@fs/…/+client.ts")`); the router finds it there (production: a `src`).
 */
export const DEV_ENTRY = /import\("([^"]+\/\+client\.[jt]sx?)"\)/

export interface PageData {
  routeParams: Record<string, string>
  is404: boolean | null
  /** The page's `namespaces` config, as Vike resolves it (cumulative: one list per file). */
  namespaces: unknown[]
  passed: Record<string, unknown>
}

/** Server only: the data block of this page. */
export function pageDataOf(pageContext: PageContext): PageData {
  const source = pageContext as unknown as Record<string, unknown>
  const passed: Record<string, unknown> = {}
  for (const field of PASSED_TO_CLIENT) if (source[field] !== undefined) passed[field] = source[field]
  return {
    routeParams: pageContext.routeParams ?? {},
    is404: pageContext.is404 ?? null,
    namespaces: (pageContext.config.namespaces ?? []) as unknown[],
    passed,
  }
}

/**
 * JSON safe inside `<script type="application/json">`: `<` is escaped so no value can close the
 * element or open a comment, whatever a visitor typed into a form the page echoes.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
