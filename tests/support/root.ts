import path from 'node:path'

/**
 * What test files share without building anything: importing tests/helper.ts loads the server's
 * and the sandbox's module graph (≈ 1,200 modules, ≈ 2 s of CPU per test process under tap's
 * loaders), which a file that only needs the project root or a header set should not pay.
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
