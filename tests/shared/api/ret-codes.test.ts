/**
 * retCodes by name from one table (shared/api/ret-codes.ts, issue 44 point 4): no six-digit
 * retCode literal in product code outside it, every code it names has its meaning in
 * `RET_CODE_NOTES`, and the pages' catalogues translate only codes of the table. The sandbox is not
 * product code here: it plays the upstream, whose answers the contract describes by code.
 */
import t from 'tap'
import { RET_CODES } from '../../../shared/api/ret-codes.ts'
import { RET_CODE_NOTES } from '../../../shared/api/upstream-notes.ts'
import enErrors from '../../../shared/i18n/locales/en/errors.ts'
import zhErrors from '../../../shared/i18n/locales/zh/errors.ts'
import { sourceMatches } from '../../support/source-grep.ts'

t.test('product code › names retCodes only through RET_CODES', async (t) => {
  const found = await sourceMatches(
    '[\'"`][0-9]{6}[\'"`]',
    [
      'server',
      'shared',
      'client',
      ':!shared/api/ret-codes.ts',
      // The catalogues are keyed by code (`errors:code.<code>`): checked against the table below.
      ':!shared/i18n/locales',
    ],
    '-n',
  )
  t.same(found, [], 'six-digit literals outside the table')
})

t.test('RET_CODES › one name per code, each with its meaning in RET_CODE_NOTES', async (t) => {
  const codes = Object.values(RET_CODES)
  t.equal(new Set(codes).size, codes.length, 'no code under two names')
  t.same(Object.keys(RET_CODE_NOTES).sort(), [...codes].sort(), 'the notes describe exactly the table')
})

t.test('the catalogues › translate only codes of the table', async (t) => {
  const table = new Set<string>(Object.values(RET_CODES))
  for (const [language, catalogue] of [
    ['en', enErrors],
    ['zh', zhErrors],
  ] as const) {
    const keys = Object.keys(catalogue.code).map((key) => key.replace(/_\d+$/, ''))
    t.same(
      keys.filter((code) => !table.has(code)),
      [],
      `${language}: every errors:code.<code> is a code of RET_CODES`,
    )
  }
})
