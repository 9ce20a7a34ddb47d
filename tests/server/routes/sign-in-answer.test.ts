/**
 * One reader of an upstream sign-in answer (server/routes/sign-in-answer.server.ts, security.md
 * claim 21, issue 44 point 4): what it makes of each answer, and that every session of the server
 * starts there. The sign-in paths over an upstream that names nobody are in
 * tests/server/flows/identity-from-upstream.test.ts.
 */
import type { FastifyRequest } from 'fastify'
import t from 'tap'
import { readSignInAnswer, signInFromAnswer } from '../../../server/routes/sign-in-answer.server.ts'
import { envelope } from '../../../shared/envelope.ts'
import { sourceMatches } from '../../support/source-grep.ts'

const signedIn = (item: Record<string, unknown>) => envelope('000000', 'success', item)

t.test('readSignInAnswer › the identity the answer names, never another', async (t) => {
  t.same(readSignInAnswer(signedIn({ token: 'tk', email: ' Ann@Example.com ' })), {
    kind: 'identity',
    token: 'tk',
    email: 'ann@example.com',
  })
  t.same(
    readSignInAnswer(signedIn({ token: 'tk', email: 'ann@example.com' }), 'ANN@example.com'),
    { kind: 'identity', token: 'tk', email: 'ann@example.com' },
    'the flow’s address, whatever its case',
  )
  t.same(readSignInAnswer(signedIn({ token: 'tk' })), { kind: 'nobody' }, 'a token naming nobody')
  t.same(
    readSignInAnswer(signedIn({ token: 'tk', email: 'eve@example.com' }), 'ann@example.com'),
    { kind: 'nobody' },
    'another account than the flow’s',
  )
  t.same(readSignInAnswer(signedIn({ email: 'ann@example.com' })), { kind: 'refused' }, 'no token')
  t.same(
    readSignInAnswer(envelope('700211', 'wrong', { token: 'tk', email: 'ann@example.com' })),
    { kind: 'refused' },
    'a refusal never signs in, even carrying a token',
  )
})

t.test('signInFromAnswer › a session only for an identity; a token naming nobody is logged', async (t) => {
  const sessions: unknown[] = []
  const warnings: unknown[] = []
  const request = {
    signIn: (values: unknown) => sessions.push(values),
    log: { warn: (...line: unknown[]) => warnings.push(line) },
  } as unknown as FastifyRequest
  const options = { environment: 'sg-k8s', endpoint: 'consoleLogin' } as const
  signInFromAnswer(request, signedIn({ token: 'tk' }), options)
  signInFromAnswer(request, envelope('700211', 'wrong'), options)
  t.same(sessions, [], 'no session from nobody or a refusal')
  t.equal(warnings.length, 1, 'the token naming nobody is logged')
  signInFromAnswer(request, signedIn({ token: 'tk', email: 'ann@example.com' }), options)
  t.same(sessions, [{ token: 'tk', email: 'ann@example.com', environment: 'sg-k8s' }])
})

t.test('the server › every session starts in sign-in-answer.server.ts', async (t) => {
  const grep = (pattern: string) => sourceMatches(pattern, ['server'])
  t.same(await grep('\\.signIn\\(\\{'), ['server/routes/sign-in-answer.server.ts'])
})
