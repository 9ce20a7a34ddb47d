import path from 'node:path'

/**
 * What test files share without building anything: importing tests/helper.ts loads the server's
 * and the sandbox's module graph (≈ 1,200 modules, ≈ 2 s of CPU per test process under tap's
 * loaders), which a file that only needs the project root, a header set or a fetch helper should
 * not pay.
 * tests/helper.ts re-exports these.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..')
export const sessionKey = (fill: number) => Buffer.alloc(32, fill).toString('base64')

/**
 * A navigation from a link of our own page (Chromium's Fetch Metadata): what a provider round
 * trip's start needs to go ahead without asking first (issue 46, security.md #25).
 */
export const OWN_PAGE_LINK = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' }

/** Headers a same-origin fetch from our pages sends. */
export const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'same-origin' }

/**
 * Plays the user at the sandbox's identity provider page (Microsoft or SAML): approve (or decline)
 * as `identity`, and read where the provider sends the browser back.
 */
export async function atIdentityProvider(
  authorizeUrl: string,
  identity: string,
  decision = 'approve',
): Promise<URL> {
  const url = new URL(authorizeUrl)
  const form = new URLSearchParams(url.searchParams)
  form.set('identity', identity)
  form.set('decision', decision)
  const response = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  })
  return new URL(response.headers.get('location') ?? 'about:blank')
}
