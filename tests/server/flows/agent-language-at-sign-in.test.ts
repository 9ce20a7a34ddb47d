import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT, SSO_MICROSOFT_ACCOUNT } from '../../../sandbox/fixtures.ts'
import type * as CallEndpointModule from '../../../server/upstream/call-endpoint.server.ts'
import {
  atIdentityProvider,
  buildForFile,
  cookieHeader,
  isSignedIn,
  OWN_PAGE_LINK,
  sandboxRequests,
  sessionCookieOf,
  signInStep,
} from '../../helper.ts'
import { loggedApp } from '../../support/logged-app.ts'
import { waitFor } from '../../support/wait.ts'

// Issue 18 point 4: after every sign-in the agent's language is the one they signed in with,
// sent once by the BFF before the answer goes out; a failure of that call never fails the sign-in.

const { app, sandbox, sg } = await buildForFile(t, { microsoftAtSandbox: true })
t.beforeEach(async () => {
  await fetch(`${sg}/__sandbox/requests`, { method: 'DELETE' })
})

async function agentLanguage(email: string): Promise<string | null> {
  const account = (await (await fetch(`${sg}/__sandbox/accounts/${encodeURIComponent(email)}`)).json()) as {
    agentLanguage: string | null
  }
  return account.agentLanguage
}

/**
 * The agent's language once the sandbox has it. The BFF waits for the update before answering,
 * but at most two seconds: on a loaded machine it lands after the answer, so this waits on it.
 */
function settledAgentLanguage(email: string): Promise<string> {
  return waitFor(`the agent language of ${email}`, async () => (await agentLanguage(email)) ?? undefined)
}

/** updateAgentLanguage calls the sandbox has received since the test began. */
async function updateCalls(): Promise<number> {
  return (await sandboxRequests(sg)).filter((entry) => entry.url.includes('updateAgentLanguage')).length
}

/** The demo account's password sign-in through the flow's steps, on a page in `language`. */
async function passwordSignIn(bff: FastifyInstance, password: string, language: 'en' | 'zh') {
  const headers = { language }
  const started = await signInStep(bff, 'email', { email: DEMO_ACCOUNT.email }, { headers })
  return (await signInStep(bff, 'password', { password }, { cookie: started.cookie, headers })).response
}

t.test('password sign-in on the Chinese page › the agent language becomes zh, once', async (t) => {
  t.equal(await agentLanguage(DEMO_ACCOUNT.email), null, 'unset before')
  const response = await passwordSignIn(app, DEMO_ACCOUNT.password, 'zh')
  t.equal(response.json().retCode, '000000')
  t.equal(await settledAgentLanguage(DEMO_ACCOUNT.email), 'zh')
  t.equal(await updateCalls(), 1, 'sent once')
  const calls = await sandboxRequests(sg)
  t.match(
    calls.find((entry) => entry.url.includes('updateAgentLanguage'))?.headers.authorization ?? '',
    /^Bearer /,
    'with the new session’s token',
  )
})

t.test('password sign-in on the English page › en', async (t) => {
  await passwordSignIn(app, DEMO_ACCOUNT.password, 'en')
  t.equal(await settledAgentLanguage(DEMO_ACCOUNT.email), 'en')
})

t.test('a refused sign-in sends nothing', async (t) => {
  const response = await passwordSignIn(app, 'Wrong-Password1', 'zh')
  t.not(response.json().retCode, '000000')
  t.equal(await updateCalls(), 0)
  t.equal(await agentLanguage(DEMO_ACCOUNT.email), null)
})

t.test(
  'Microsoft sign-in started on the Chinese page › zh, though the return carries no language',
  async (t) => {
    const started = await app.inject({
      method: 'GET',
      url: '/auth/sso/microsoft?language=zh',
      headers: OWN_PAGE_LINK,
    })
    const back = await atIdentityProvider(String(started.headers.location), SSO_MICROSOFT_ACCOUNT.email)
    const returned = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { ...cookieHeader(sessionCookieOf(started)), 'accept-language': 'en' },
    })
    t.ok(await isSignedIn(app, sessionCookieOf(returned)), 'signed in')
    t.equal(await settledAgentLanguage(SSO_MICROSOFT_ACCOUNT.email), 'zh')
    t.equal(await updateCalls(), 1, 'sent once')
  },
)

t.test('updateAgentLanguage failing › the sign-in still succeeds, and the failure is logged', async (t) => {
  const real = await import('../../../server/upstream/call-endpoint.server.ts')
  const failing: typeof CallEndpointModule = {
    ...real,
    callEndpoint: async (request, topology, name, data, options) => {
      if (name === 'updateAgentLanguage') throw new Error('upstream down')
      return real.callEndpoint(request, topology, name, data, options)
    },
  }
  const { buildApp } = await t.mockImport<typeof import('../../../server/app.ts')>('../../../server/app.ts', {
    '../../../server/upstream/call-endpoint.server.ts': failing,
  })
  const { app: logged, lines } = await loggedApp(t, {}, { sandbox, logLevel: 'info', buildApp })
  const response = await passwordSignIn(logged, DEMO_ACCOUNT.password, 'zh')
  t.equal(response.statusCode, 200)
  t.equal(response.json().retCode, '000000')
  t.ok(await isSignedIn(logged, sessionCookieOf(response)), 'signed in all the same')
  await waitFor('the failure in the log', () => lines.some((line) => line.includes('after sign-in failed')))
  t.ok(
    lines.some((line) => line.includes('updateAgentLanguage after sign-in failed')),
    'the failure is logged',
  )
  t.equal(await agentLanguage(DEMO_ACCOUNT.email), null)
})
