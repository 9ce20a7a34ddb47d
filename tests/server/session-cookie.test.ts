import t, { type Test } from 'tap'
import { ConfigError, loadConfig } from '../../config/index.ts'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { SESSION_COOKIE_NAMES } from '../../server/session-cookie.ts'
import { build, SAME_ORIGIN, sessionKey } from '../helper.ts'

// Issue 48 point 1, ADR 0155: a plain cookie only where nobody but this machine reaches the site
// over http; `__Host-` and Secure everywhere else.

const configured = JSON.stringify({
  environments: { 'sg-k8s': { region: 'sg', upstream: 'https://sg.upstream.example/' } },
  regions: { sg: { defaultEnvironment: 'sg-k8s' } },
})

t.test('which cookie an origin gets', async (t) => {
  const securityOf = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).cookieSecurity
  t.equal(securityOf({ PUBLIC_ORIGIN: 'https://www.example.com' }), 'host-secure', 'an https origin')
  t.equal(securityOf({ PUBLIC_ORIGIN: 'https://localhost:3000' }), 'host-secure', 'https on loopback too')
  t.equal(securityOf({ PUBLIC_ORIGIN: 'http://localhost:3000' }), 'loopback-http', 'http on localhost')
  t.equal(
    securityOf({ PUBLIC_ORIGIN: 'http://sg.localhost:3000' }),
    'loopback-http',
    'a regional *.localhost',
  )
  t.equal(securityOf({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }), 'loopback-http', 'http on 127.0.0.1')
  t.equal(securityOf({ PUBLIC_ORIGIN: 'http://[::1]:3000' }), 'loopback-http', 'http on [::1]')
  t.equal(securityOf({ HOST: '127.0.0.1' }), 'loopback-http', 'no origin, listening on loopback only')
  t.equal(securityOf({ HOST: 'localhost' }), 'loopback-http', 'no origin, listening on localhost')
  t.equal(securityOf({}), 'host-secure', 'no origin, listening on every interface (the default)')
  t.equal(securityOf({ HOST: '10.0.0.5' }), 'host-secure', 'no origin, listening on a network address')
})

t.test('a deployment keeps __Host- and Secure even on loopback', async (t) => {
  const deployment = { NODE_ENV: 'production', UPSTREAMS_JSON: configured, SESSION_KEYS: sessionKey(1) }
  t.equal(
    loadConfig({ ...deployment, PUBLIC_ORIGIN: 'http://localhost:8080', HOST: '127.0.0.1' }).cookieSecurity,
    'host-secure',
    'an http loopback origin in a deployment',
  )
  t.equal(
    loadConfig({ ...deployment, PUBLIC_ORIGIN: 'https://www.example.com', HOST: '127.0.0.1' }).cookieSecurity,
    'host-secure',
    'an https origin, listening on loopback behind a proxy',
  )
  // `npm start`: a production build against the embedded sandbox is the embedded default.
  t.equal(
    loadConfig({ NODE_ENV: 'production', SANDBOX: 'on', HOST: '127.0.0.1' }).cookieSecurity,
    'loopback-http',
  )
})

t.test('plain http on a non-loopback origin is refused at start', async (t) => {
  for (const origin of [
    'http://www.example.com',
    'http://192.168.1.20:3000',
    'http://localhost.example.com',
  ]) {
    t.throws(() => loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: origin }), ConfigError, origin)
  }
  t.throws(() => loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://www.example.com' }), {
    message: /PUBLIC_ORIGIN: http:\/\/www\.example\.com is plain http .* use https/,
  })
})

/** The cookie the e-mail step of sign-in sets, and whether the password step finds the flow by it. */
async function signInCookies(t: Test, env: Record<string, string>) {
  const { app } = await build(t, { env })
  const started = await app.inject({
    method: 'POST',
    url: '/auth/sign_in/flow/email',
    headers: SAME_ORIGIN,
    payload: { email: DEMO_ACCOUNT.email },
  })
  const [cookie, ...others] = started.cookies
  t.equal(others.length, 0, 'one cookie: the session (the form tokens live in it)')
  const signedIn = await app.inject({
    method: 'POST',
    url: '/auth/sign_in/flow/password',
    headers: { ...SAME_ORIGIN, cookie: `${cookie?.name}=${encodeURIComponent(cookie?.value ?? '')}` },
    payload: { password: DEMO_ACCOUNT.password },
  })
  t.equal(signedIn.json().retCode, '000000', 'the next step found its session by that cookie')
  return cookie
}

t.test('loopback http: a plain, HttpOnly, SameSite=Lax cookie the next step reads', async (t) => {
  const cookie = await signInCookies(t, { HOST: '127.0.0.1' })
  t.equal(cookie?.name, SESSION_COOKIE_NAMES['loopback-http'])
  t.notOk(cookie?.name.startsWith('__Host-'), 'no __Host- prefix: WebKit refuses it over http')
  t.notOk(cookie?.secure, 'no Secure: WebKit drops Secure cookies of an http page')
  t.equal(cookie?.httpOnly, true)
  t.equal(cookie?.sameSite, 'Lax')
  t.equal(cookie?.path, '/')
})

t.test('an https origin: __Host-session, Secure, no Domain', async (t) => {
  const cookie = await signInCookies(t, { PUBLIC_ORIGIN: 'https://www.example.com', HOST: '127.0.0.1' })
  t.equal(cookie?.name, '__Host-session')
  t.equal(cookie?.secure, true)
  t.equal(cookie?.httpOnly, true)
  t.equal(cookie?.path, '/')
  t.notOk(cookie?.domain)
})
