/**
 * The one upstream-failure answer (server/upstream/failure-answer.ts, issue 44 point 4, ADR 0125):
 * a time-out is said as one (504) and every other failure as unavailable (502), in both languages;
 * no other file of the server words a failure; and a flow that answered a 504 with the
 * "unavailable" text (the sign-up finish) now says it took too long.
 */
import type { FastifyRequest } from 'fastify'
import t from 'tap'
import { startSandbox } from '../../../sandbox/index.ts'
import { UpstreamError, type UpstreamFailure } from '../../../server/upstream/errors.ts'
import { upstreamFailureAnswer } from '../../../server/upstream/failure-answer.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { SIGN_UP_DETAILS, SignUpBrowser } from '../../support/sign-up.ts'
import { sourceMatches } from '../../support/source-grep.ts'
import { appWithUpstreams, armFault, clearFault, plainTopology } from './harness.ts'

/** A request as far as the failure answer reads it: its language and its logger. */
function requestIn(language: 'en' | 'zh', logged: unknown[] = []): FastifyRequest {
  const log = { warn: (...line: unknown[]) => logged.push(line) }
  return { language, log } as unknown as FastifyRequest
}

t.test(
  'upstreamFailureAnswer › a time-out is 504 and says so; every other failure is 502, unavailable',
  async (t) => {
    for (const language of ['en', 'zh'] as const) {
      const { t: text } = i18nFor(language)
      t.not(text('errors:upstreamTimeout'), text('errors:upstreamUnavailable'), `${language}: two texts`)
      const timeout = upstreamFailureAnswer(requestIn(language), new UpstreamError('timeout', 'slow'))
      t.same(timeout, {
        status: 504,
        body: { retCode: '504', retMsg: text('errors:upstreamTimeout'), item: {}, items: [] },
        message: text('errors:upstreamTimeout'),
      })
      const others: UpstreamFailure[] = ['unavailable', 'badStatus', 'badBody', 'tooLarge']
      for (const failure of others) {
        const answer = upstreamFailureAnswer(requestIn(language), new UpstreamError(failure, failure))
        t.equal(answer.status, 502, `${language} ${failure}: 502`)
        t.equal(answer.body.retCode, '502')
        t.equal(answer.message, text('errors:upstreamUnavailable'), `${language} ${failure}: unavailable`)
      }
    }
  },
)

t.test('upstreamFailureAnswer › logs the failure once with its context; a bug is thrown on', async (t) => {
  const logged: unknown[] = []
  upstreamFailureAnswer(requestIn('en', logged), new UpstreamError('timeout', 'slow'), { endpoint: 'x' })
  t.equal(logged.length, 1)
  t.match(logged[0], [{ endpoint: 'x', failure: 'timeout' }, 'upstream call failed'])
  const bug = new TypeError('not an upstream failure')
  t.throws(() => upstreamFailureAnswer(requestIn('en'), bug), bug)
})

t.test('the server › only the failure answer words an upstream failure', async (t) => {
  const grep = (pattern: string) => sourceMatches(pattern, ['server'])
  t.same(await grep('errors:upstream(Timeout|Unavailable)'), ['server/upstream/failure-answer.ts'])
  t.same(await grep("failure === 'timeout'"), [
    'server/upstream/errors.ts',
    'server/upstream/failure-answer.ts',
  ])
})

t.test('sign-up finish › an upstream that does not answer in time is said to be slow (504)', async (t) => {
  const sandbox = await startSandbox()
  t.teardown(() => sandbox.close())
  const sg = sandbox.regions.sg.url
  // Generous for a busy machine: only the finish meets the delay, far longer than the time-out.
  const { app } = await appWithUpstreams(t, plainTopology(sandbox), { UPSTREAM_TIMEOUT_MS: '2500' })
  t.teardown(() => clearFault(sg))
  for (const language of ['en', 'zh'] as const) {
    const owner = new SignUpBrowser(app, sg)
    const email = await owner.started()
    await owner.verified(email)
    const setup = await owner.call('registerSgPartInfo', { email, ...SIGN_UP_DETAILS })
    t.equal(setup.body.retCode, '000000', setup.body.retMsg)
    await armFault(sg, { delayMs: 8000, remaining: 1 })
    const finish = await owner.post(`/auth/sign_up/flow/finish?language=${language}`)
    t.equal(finish.status, 504)
    t.same(finish.body, {
      retCode: '504',
      retMsg: i18nFor(language).t('errors:upstreamTimeout'),
      item: {},
      items: [],
    })
  }
})
