import { Writable } from 'node:stream'
import pino from 'pino'
import t from 'tap'
import { loggerOptions, maskUrl } from '../../server/logger.ts'

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
      req: { headers: { cookie: `__Host-session=${secrets[0]}`, authorization: secrets[1] } },
      password: secrets[2],
      body: { code: secrets[3], token: secrets[4], captcha: secrets[5] },
    })
    logger.info({ res: { headers: { 'set-cookie': `__Host-session=${secrets[0]}` } } })
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
