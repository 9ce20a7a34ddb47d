import type { FastifyRequest } from 'fastify'
import t from 'tap'
import { memorySingleUse, type SingleUse } from '../../server/plugins/app/single-use.server.ts'
import { openAllowance, paidByAllowance } from '../../server/rate-limit-actions.server.ts'

// The rate-limit allowances (issue 17 point 7) are kept in the store under the session's id
// (ADR 0103): a paid step never seals the cookie again, and an allowance older than its 15
// minutes pays for nothing.

/** A request with a session held in a map, sharing a store (and a clock) with other requests. */
function fakeRequest(store: SingleUse, sid = 'session-a') {
  const values = new Map<string, unknown>([['sid', sid]])
  let writes = 0
  const session = {
    deleted: false,
    get: (name: string) => values.get(name),
    set: (name: string, value: unknown) => {
      writes++
      return value === undefined ? values.delete(name) : values.set(name, value)
    },
  }
  const request = {
    session,
    ensureSession: () => values.get('sid'),
    server: { singleUse: store },
  } as unknown as FastifyRequest
  return { request, writes: () => writes }
}
const step = (name: string) => ({ action: 'passwordSignIn' as const, step: name })

t.test('an open allowance pays each other step once, while it lasts', async (t) => {
  const { request } = fakeRequest(memorySingleUse())
  await openAllowance(request, step('email'))
  t.notOk(await paidByAllowance(request, step('email')), 'the paid step is spent')
  t.ok(await paidByAllowance(request, step('password')), 'another step: free once')
  t.notOk(await paidByAllowance(request, step('password')), 'not twice')
})

t.test('paying and opening allowances leaves the cookie as it was', async (t) => {
  const { request, writes } = fakeRequest(memorySingleUse())
  for (let i = 0; i < 3; i++) {
    t.notOk(await paidByAllowance(request, step('email')))
    await openAllowance(request, step('email'))
  }
  t.equal(writes(), 0, 'nothing set in the session: no sealing per paid call')
})

t.test('a paid step opens a fresh allowance: the other steps are free once again', async (t) => {
  const { request } = fakeRequest(memorySingleUse())
  await openAllowance(request, step('email'))
  t.ok(await paidByAllowance(request, step('password')))
  await openAllowance(request, step('password'))
  t.ok(await paidByAllowance(request, step('email')), 'the new allowance pays the e-mail step once')
  t.notOk(await paidByAllowance(request, step('password')), 'and not the step that opened it')
})

t.test('the allowance is this session’s: another session, or none, gets nothing from it', async (t) => {
  const store = memorySingleUse()
  await openAllowance(fakeRequest(store, 'session-a').request, step('email'))
  t.notOk(await paidByAllowance(fakeRequest(store, 'session-b').request, step('password')))
  const signedOut = fakeRequest(store, 'session-a')
  ;(signedOut.request.session as { deleted: boolean }).deleted = true
  t.notOk(await paidByAllowance(signedOut.request, step('password')), 'a deleted session pays')
  t.ok(
    await paidByAllowance(fakeRequest(store, 'session-a').request, step('password')),
    'a copy of the cookie shares it',
  )
  t.notOk(await paidByAllowance(fakeRequest(store, 'session-a').request, step('password')), 'once')
})

t.test('after 15 minutes the allowance pays for nothing', async (t) => {
  let now = 1_000_000
  const store = memorySingleUse(() => now)
  const { request } = fakeRequest(store)
  await openAllowance(request, step('email'))
  now += 15 * 60_000
  t.notOk(await paidByAllowance(request, step('password')))
})
