import { Writable } from 'node:stream'
import pino from 'pino'
import t from 'tap'
import { loggerOptions, maskUrl } from '../../server/logger.ts'
import { SESSION_COOKIE } from '../../server/session-cookie.ts'
import { loggedApp } from '../support/logged-app.ts'
import { SAME_ORIGIN } from '../support/root.ts'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const options = loggerOptions({ logLevel: 'info', logFormat: 'json' })
  return { logger: pino(options, stream), lines }
}

t.test(
  'logger › redacts cookies, authorization, passwords, codes and tokens wherever they are logged',
  async (t) => {
    const { logger, lines } = capture()
    const secrets = [
      's3cret-cookie-value',
      'Bearer sbx_tok3n',
      'Pa55word!x',
      '482913',
      'sbx_other_tok3n',
      'captcha-xyz',
    ]
    logger.info({
      req: { headers: { cookie: `${SESSION_COOKIE}=${secrets[0]}`, authorization: secrets[1] } },
      password: secrets[2],
      body: { code: secrets[3], token: secrets[4], captcha: secrets[5] },
    })
    logger.info({ res: { headers: { 'set-cookie': `${SESSION_COOKIE}=${secrets[0]}` } } })
    logger.info({ item: { nested: { token: secrets[4] } } })
    const output = lines.join('')
    for (const secret of secrets) t.notMatch(output, secret, `${secret} is not in the log`)
    t.match(output, '[redacted]')
  },
)

t.test('maskUrl › hides secret query parameters, keeps the rest', async (t) => {
  t.equal(maskUrl('/auth/sign_in?language=zh'), '/auth/sign_in?language=zh')
  t.equal(
    maskUrl('/external/login?provider=microsoft&code=abc&state=xyz'),
    '/external/login?provider=microsoft&code=***&state=***',
  )
  t.equal(maskUrl('/healthz'), '/healthz')
})

t.test('maskUrl › masks reset-link ids in the path, form tokens, ids and tickets in the query', async (t) => {
  t.equal(
    maskUrl('/auth/reset?id=SECRET&_csrf=TOKEN&language=zh'),
    '/auth/reset?id=***&_csrf=***&language=zh',
  )
  t.equal(
    maskUrl('/api/basic-login/account/checkResetPwdLink/SECRET123'),
    '/api/basic-login/account/checkResetPwdLink/***',
  )
  t.equal(
    maskUrl('/api/basic-login/account/resetServiceNewPwd/SECRET123%2Fmore?language=en'),
    '/api/basic-login/account/resetServiceNewPwd/***?language=en',
  )
  t.equal(maskUrl('/x?authId=a&ticket=b&ID=c&id=d&id=e'), '/x?authId=***&ticket=***&ID=***&id=***')
  t.equal(maskUrl('http://user:pass@site.test/a?code=1'), 'http://***@site.test/a?code=***')
})

t.test('request log › a reset link id or form token never reaches a log line', async (t) => {
  const { app, lines } = await loggedApp(t)
  const secrets = ['SECRET', 'TOKEN', 'SECRET123', 'SECRET456']
  const requests = [
    { method: 'GET', url: '/auth/reset?id=SECRET&_csrf=TOKEN' },
    { method: 'GET', url: '/api/basic-login/account/checkResetPwdLink/SECRET123' },
    { method: 'POST', url: '/api/basic-login/account/resetServiceNewPwd/SECRET456?_csrf=TOKEN' },
  ] as const
  for (const request of requests) await app.inject({ ...request, headers: SAME_ORIGIN })
  const output = lines.join('')
  for (const secret of secrets) t.notMatch(output, secret, `${secret} is in no log line`)
  const urls = lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((line) => (line.req?.url ? [line.req.url] : []))
  t.same(urls, [
    '/auth/reset?id=***&_csrf=***',
    '/api/basic-login/account/checkResetPwdLink/***',
    '/api/basic-login/account/resetServiceNewPwd/***?_csrf=***',
  ])
})

t.test(
  'logger › a child logger writes its bindings as given, and still redacts objects bound to it',
  async (t) => {
    const { logger, lines } = capture()
    const child = logger.child({
      reqId: 'req-7f3a',
      attempt: 2,
      flagged: true,
      nothing: null,
      account: { email: 'ada@example.com', password: 'Pa55word!x' },
    })
    child.info('hello')
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>
    t.equal(line.reqId, 'req-7f3a', 'a string binding')
    t.equal(line.attempt, 2, 'a number binding')
    t.equal(line.flagged, true, 'a boolean binding')
    t.equal(line.nothing, null, 'a null binding')
    t.same(line.account, { email: 'ada@example.com', password: '[redacted]' }, 'an object binding, redacted')
    child.info({ token: 'sbx_tok3n', note: 'plain' }, 'with fields')
    const second = JSON.parse(lines[1] ?? '{}') as Record<string, unknown>
    t.equal(second.token, '[redacted]')
    t.equal(second.note, 'plain')
    t.equal(second.reqId, 'req-7f3a')
  },
)
