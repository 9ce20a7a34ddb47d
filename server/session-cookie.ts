import type { CookieSecurity } from '../config/index.ts'

/**
 * The one cookie the site sets (the sealed session; the form tokens' secret lives inside it), by
 * the origin's cookie security (ADR 0155). The one place its names are written: the server, the
 * tests and the docs' checks read them from here.
 */
export const SESSION_COOKIE_NAMES: Record<CookieSecurity, string> = {
  // `__Host-`: only from a secure page, for the whole host, no Domain — no subdomain can plant it.
  'host-secure': '__Host-session',
  // Cookies ignore ports: a name of our own, so other local apps' `session` cookies never clash.
  'loopback-http': 'account-edge-session',
}

/** The name every deployment uses (and the tests' in-process apps, which listen on no loopback). */
export const SESSION_COOKIE = SESSION_COOKIE_NAMES['host-secure']

/** The session cookie's attributes besides its lifetime. */
export function sessionCookieAttributes(security: CookieSecurity) {
  return {
    path: '/', // required by the __Host- prefix, as are Secure and no Domain
    httpOnly: true, // page JavaScript never reads it
    // Secure everywhere but loopback http, where WebKit would drop it (ADR 0155).
    secure: security === 'host-secure',
    sameSite: 'lax' as const, // Strict would lose the session on e-mail links and identity-provider returns
  }
}
