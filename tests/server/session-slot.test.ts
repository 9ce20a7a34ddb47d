import Fastify from 'fastify'
import t from 'tap'
import session from '../../server/plugins/app/session.server.ts'
import { SESSION_SLOTS, sessionListSlot, sessionSlot } from '../../server/session-slot.server.ts'
import { cookieHeader, sessionCookieOf, sessionKey } from '../helper.ts'

declare module '@fastify/secure-session' {
  interface SessionData {
    testSlot: { value: string; at: number }
  }
}

// Flow state lives in typed session slots with the time limit they declare (issue 17 point 1).
const slot = sessionSlot('testSlot', { expiresAt: (entry) => entry.at + 1000 })
let clock = 1_000_000

/** A bare Fastify app with the session plugin (an hour's lifetime, no Redis). */
async function sessionApp() {
  const app = Fastify()
  await app.register(session, {
    keys: [Buffer.from(sessionKey(3), 'base64')],
    lifetime: { absoluteMs: 3_600_000, idleMs: 3_600_000 },
    redis: undefined,
  })
  return app
}

const app = await sessionApp()
app.post('/set', async (request) => {
  request.ensureSession()
  slot.set(request, { value: 'kept', at: clock })
  return {}
})
app.get('/get', async (request) => ({ value: slot.get(request, clock)?.value ?? null }))
app.post('/take', async (request) => ({ value: slot.take(request, clock)?.value ?? null }))
t.teardown(() => app.close())

async function call(method: 'GET' | 'POST', url: string, cookie?: string) {
  const response = await app.inject({ method, url, headers: cookieHeader(cookie) })
  return { value: response.json().value as string | null, cookie: sessionCookieOf(response) ?? cookie }
}

t.test('a slot reads back until its declared end, then reads as absent and is dropped', async (t) => {
  clock = 1_000_000
  const { cookie } = await call('POST', '/set')
  clock += 999
  t.equal((await call('GET', '/get', cookie)).value, 'kept', 'within its time')
  clock += 1
  const expired = await call('GET', '/get', cookie)
  t.equal(expired.value, null, 'at its end it is gone')
  clock -= 500
  t.equal((await call('GET', '/get', expired.cookie)).value, null, 'dropped from the cookie, not only hidden')
})

t.test('take gives the value once in this cookie', async (t) => {
  clock = 1_000_000
  const { cookie } = await call('POST', '/set')
  const taken = await call('POST', '/take', cookie)
  t.equal(taken.value, 'kept')
  t.equal((await call('POST', '/take', taken.cookie)).value, null, 'the next cookie no longer holds it')
})

t.test('each slot is declared once; the registry names the flows’ slots', async (t) => {
  t.throws(() => sessionSlot('testSlot', { expiresAt: () => 0 }), /declared twice/)
  await import('../../server/routes/reset-flow.server.ts')
  await import('../../server/routes/sso-wecom.server.ts')
  await import('../../server/routes/channel-auth.server.ts')
  await import('../../server/connect-state.server.ts')
  await import('../../server/routes/sign-up-flow.server.ts')
  // Issue 17: no flow keeps its own clock any more.
  const flows = [
    'reset',
    'resetLink',
    'wecomScan',
    'ssoPending',
    'ssoReturn',
    'externalLogin',
    'channelResult',
    'signUp',
  ]
  for (const name of [...flows, 'connectStates']) t.ok(SESSION_SLOTS.has(name), `${name} is a declared slot`)
})

declare module '@fastify/secure-session' {
  interface SessionData {
    testList: { id: string; at: number }[]
  }
}

t.test('a list slot keeps each entry until its own end, and at most its cap', async (t) => {
  const list = sessionListSlot('testList', { expiresAt: (entry) => entry.at + 1000, maxEntries: 2 })
  const listApp = await sessionApp()
  listApp.post('/add/:id', async (request) => {
    request.ensureSession()
    const { id } = request.params as { id: string }
    list.set(request, [...list.get(request, clock), { id, at: clock }])
    return { ids: list.get(request, clock).map((entry) => entry.id) }
  })
  listApp.get('/ids', async (request) => ({ ids: list.get(request, clock).map((entry) => entry.id) }))
  t.teardown(() => listApp.close())
  const ids = async (method: 'GET' | 'POST', url: string, cookie?: string) => {
    const response = await listApp.inject({ method, url, headers: cookieHeader(cookie) })
    return { ids: response.json().ids as string[], cookie: sessionCookieOf(response) ?? cookie }
  }
  clock = 1_000_000
  const a = await ids('POST', '/add/a')
  clock += 600
  const b = await ids('POST', '/add/b', a.cookie)
  const c = await ids('POST', '/add/c', b.cookie)
  t.same(c.ids, ['b', 'c'], 'the oldest goes beyond the cap')
  const d = await ids('POST', '/add/d', a.cookie)
  t.same(d.ids, ['a', 'd'])
  clock += 400
  t.same(
    (await ids('GET', '/ids', d.cookie)).ids,
    ['d'],
    'an entry past its own end is gone, the others stay',
  )
})

t.test('the sign-up’s slot keeps its time limit: 24 hours after its last e-mail', async (t) => {
  const { signUpSlot } = await import('../../server/routes/sign-up-flow.server.ts')
  const policy = SESSION_SLOTS.get(signUpSlot.name) as unknown as {
    expiresAt: (flow: { sentAt?: number }) => number
  }
  const sentAt = 5_000_000
  t.equal(policy.expiresAt({ sentAt }), sentAt + 24 * 60 * 60_000 + 1, 'gone the moment it is past 24 h')
  t.equal(policy.expiresAt({}), Number.POSITIVE_INFINITY, 'before any e-mail: as long as the session')
})
