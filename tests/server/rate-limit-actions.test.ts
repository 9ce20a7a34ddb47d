import type { FastifyRequest } from 'fastify'
import t from 'tap'
import { memorySingleUse } from '../../server/plugins/app/single-use.server.ts'
import { openAllowance, paidByAllowance } from '../../server/rate-limit-actions.server.ts'
import { SESSION_SLOTS } from '../../server/session-slot.server.ts'

// The rate-limit allowances are a session slot with their own time limit (issue 17 point 1): one
// slot helper, and an allowance older than its 15 minutes pays for nothing and leaves the cookie.

/** A request with a session held in a map and the in-process single-use store. */
function fakeRequest() {
  const values = new Map<string, unknown>()
  const session = {
    get: (name: string) => values.get(name),
    set: (name: string, value: unknown) =>
      value === undefined ? values.delete(name) : values.set(name, value),
  }
  const request = {
    session,
    ensureSession: () => {},
    server: { singleUse: memorySingleUse() },
  } as unknown as FastifyRequest
  return { request, values }
}
const step = (name: string) => ({ action: 'passwordSignIn' as const, step: name })

t.test('rateActions is a declared session slot', async (t) => {
  t.ok(SESSION_SLOTS.has('rateActions'))
})

t.test('an open allowance pays each other step once, while it lasts', async (t) => {
  const { request } = fakeRequest()
  await openAllowance(request, step('email'))
  t.notOk(await paidByAllowance(request, step('email')), 'the paid step is spent')
  t.ok(await paidByAllowance(request, step('password')), 'another step: free once')
  t.notOk(await paidByAllowance(request, step('password')), 'not twice')
})

t.test('after 15 minutes the allowance pays for nothing and is dropped from the session', async (t) => {
  const { request, values } = fakeRequest()
  await openAllowance(request, step('email'))
  const opened = values.get('rateActions') as Record<string, { id: string; at: number }>
  values.set('rateActions', {
    passwordSignIn: { ...opened.passwordSignIn, at: Date.now() - 15 * 60_000 - 1 },
  })
  t.notOk(await paidByAllowance(request, step('password')))
  t.notOk(values.has('rateActions'), 'gone from the cookie')
})

t.test('a value sealed before allowances carried a time pays for nothing', async (t) => {
  const { request, values } = fakeRequest()
  values.set('rateActions', { passwordSignIn: 'an-old-id' })
  t.notOk(await paidByAllowance(request, step('password')))
})
