import Fastify from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT, SSO_MICROSOFT_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { sandboxTopology } from '../../../server/sandbox-topology.ts'
import {
  atIdentityProvider,
  cookieHeader,
  fileSandbox,
  isSignedIn,
  microsoftAuthorizeUrl,
  OWN_PAGE_LINK,
  sessionCookieOf,
  signInSteps,
} from '../../helper.ts'
import { appWithUpstreams } from '../upstream/harness.ts'

// Security claim 21: a session's identity is the one the upstream's answer names. These tests put
// an upstream in front of the sandbox that answers sign-ins with a token but without `item.email`
// (a real upstream with a changed contract, or a bug): nobody may end up with a session then.

const { sandbox, sg } = await fileSandbox(t)

/** Paths whose success answers lose their identity on the way back. */
const ANONYMISED = /\/(account\/consoleLogin|sso\/aadLoginOverseas|sso\/aadLogin)(\?|$)/

const interposer = Fastify()
interposer.removeAllContentTypeParsers()
interposer.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
interposer.all('/*', async (request, reply) => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name))
      headers[name] = value
  const answer = await fetch(`${sg}${request.url}`, {
    method: request.method,
    headers,
    body: ['GET', 'HEAD'].includes(request.method) ? undefined : new Uint8Array(request.body as Buffer),
  })
  const text = await answer.text()
  if (!ANONYMISED.test(request.url)) return reply.code(answer.status).type('application/json').send(text)
  const body = JSON.parse(text) as { item?: Record<string, unknown> }
  if (body.item) delete body.item.email
  return reply.code(answer.status).type('application/json').send(JSON.stringify(body))
})
await interposer.listen({ port: 0, host: '127.0.0.1' })
t.teardown(() => interposer.close())
const address = interposer.server.address()
const interposerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

const topology = sandboxTopology(sandbox)
for (const region of Object.values(topology.regions)) delete region?.publicHost
const sgEnvironment = topology.environments['sg-k8s']
if (!sgEnvironment) throw new Error('the sandbox has no sg-k8s')
sgEnvironment.upstream = interposerUrl
const { app } = await appWithUpstreams(t, topology, {
  MICROSOFT_AUTHORIZE_URL: microsoftAuthorizeUrl(sandbox),
})

t.test('a password sign-in answered with a token but no identity: 502, no session', async (t) => {
  // The sign-in flow's password step (consoleLogin; the sign-in's rows are flow-only).
  const { response } = await signInSteps(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  t.equal(response.statusCode, 502, 'refused as an upstream fault')
  t.notMatch(response.body, /token/i, 'the token is not handed to the page either')
  t.notOk(await isSignedIn(app, sessionCookieOf(response)), 'the body’s address did not become a session')
})

t.test('a Microsoft return answered with a token but no identity: ssoFail, no session', async (t) => {
  const started = await app.inject({ method: 'GET', url: '/auth/sso/microsoft', headers: OWN_PAGE_LINK })
  t.equal(started.statusCode, 303)
  const back = await atIdentityProvider(String(started.headers.location), SSO_MICROSOFT_ACCOUNT.email)
  const cookie = sessionCookieOf(started)
  const returned = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookieHeader(cookie),
  })
  t.equal(returned.headers.location, '/auth/ssoFail', 'a failed sign-in, as a declined one')
  t.notOk(await isSignedIn(app, sessionCookieOf(returned) ?? cookie), 'nobody is signed in')
})
