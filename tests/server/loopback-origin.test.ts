/**
 * The embedded default names one loopback host (issue 48 follow-up): `npm start` listens on
 * 127.0.0.1 while every address the BFF hands out (SSO returns, e-mailed links) says `localhost`.
 * A person who opened the address the start log printed and signed in with SSO came back on the
 * other name, where the browser holds no session cookie (cookies are kept per host name). The
 * start log now prints the origin those addresses use; the SSO round trip begun there returns to
 * the same host and finds its session.
 */
import t from 'tap'
import { SSO_MICROSOFT_ACCOUNT } from '../../sandbox/fixtures.ts'
import { SESSION_COOKIE_NAMES } from '../../server/session-cookie.ts'
import { freePort } from '../support/redis.ts'
import { atIdentityProvider } from '../support/root.ts'
import { startServerProcess } from '../support/server-process.ts'

/** A link on our own page: the start needs that proof (security.md #25). */
const OWN_PAGE = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' }
const COOKIE = SESSION_COOKIE_NAMES['loopback-http']

t.test('the address the start log prints is where the SSO return comes back, cookie and all', async (t) => {
  // As `npm start` runs it (HOST=127.0.0.1, production build, sandbox), on a port of its own: the
  // return addresses name PORT, which PORT=0 cannot.
  const server = await startServerProcess({
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    WARM_UP_RENDERS: '0',
  })
  t.teardown(() => {
    server.child.kill('SIGTERM')
  })
  const told = server.logLines().find((line) => String(line.msg).startsWith('Open '))
  const open = new URL(String(told?.msg).replace(/^Open /, ''))
  t.equal(open.hostname, 'localhost', 'the start log names the loopback host every return address uses')

  const started = await fetch(new URL('/auth/sso/microsoft?return=/overview', open), {
    headers: OWN_PAGE,
    redirect: 'manual',
  })
  t.equal(started.status, 303)
  // No Domain attribute: the cookie belongs to the host the browser asked, the start log's.
  const setCookie = started.headers.getSetCookie().find((cookie) => cookie.startsWith(`${COOKIE}=`))
  t.ok(setCookie, 'the start sets the session cookie')
  t.notMatch(setCookie ?? '', /;\s*domain=/i, 'a host-only cookie')
  const cookie = (setCookie ?? '').split(';')[0] ?? ''

  const authorize = String(started.headers.get('location'))
  const redirectUri = new URL(new URL(authorize).searchParams.get('redirect_uri') ?? '')
  t.equal(redirectUri.origin, open.origin, 'the provider is told to come back to that host')
  const back = await atIdentityProvider(authorize, SSO_MICROSOFT_ACCOUNT.email)
  t.equal(back.origin, open.origin, 'the provider sends the browser back there')

  // As a browser does: the cookie goes back only to the host it was set on. There the round trip
  // finds its state and signs in.
  const returned = await fetch(back, {
    headers: back.host === open.host ? { cookie } : {},
    redirect: 'manual',
  })
  t.equal(returned.status, 303)
  t.equal(returned.headers.get('location'), '/overview', 'signed in, on to the return path')
})
