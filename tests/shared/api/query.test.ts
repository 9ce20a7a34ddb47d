import { parse, stringify } from 'qs'
import t from 'tap'
import { toBase64Utf8 } from '../../../shared/api/base64.ts'
import { QUERY_PARSE_OPTIONS } from '../../../shared/api/limits.ts'
import {
  compilePath,
  fillPath,
  matchPath,
  PATH_PARAM_PATTERN,
  pathPlaceholders,
} from '../../../shared/api/path.ts'
import { encodeQuery, queryLimitProblem } from '../../../shared/api/query.ts'

const nested = (levels: number): Record<string, unknown> => {
  let value: unknown = 'x'
  for (let level = levels; level > 0; level -= 1) value = { [`k${level}`]: value }
  return value as Record<string, unknown>
}
const stringified = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_k, v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v)),
  )

t.test('limits › the numbers of spec §9', async (t) => {
  t.same(QUERY_PARSE_OPTIONS, { depth: 5, parameterLimit: 1000, arrayLimit: 20 })
})

t.test('queryLimitProblem › accepts exactly what qs parses back unchanged', async (t) => {
  const fits = [
    nested(QUERY_PARSE_OPTIONS.depth + 1),
    { list: Array.from({ length: QUERY_PARSE_OPTIONS.arrayLimit }, (_, i) => i) },
    Object.fromEntries(Array.from({ length: QUERY_PARSE_OPTIONS.parameterLimit }, (_, i) => [`k${i}`, i])),
    { a: [{ b: 'x', c: [true, 1] }], d: 'é & = ?' },
  ]
  for (const value of fits) {
    t.equal(queryLimitProblem(value), undefined)
    const back = JSON.stringify(parse(encodeQuery(value), QUERY_PARSE_OPTIONS))
    t.equal(back, JSON.stringify(stringified(value)), 'round trip under the server limits')
  }
  const breaks = [
    nested(QUERY_PARSE_OPTIONS.depth + 2),
    { list: Array.from({ length: QUERY_PARSE_OPTIONS.arrayLimit + 1 }, (_, i) => i) },
    Object.fromEntries(
      Array.from({ length: QUERY_PARSE_OPTIONS.parameterLimit + 1 }, (_, i) => [`k${i}`, i]),
    ),
  ]
  for (const value of breaks) {
    t.type(queryLimitProblem(value), 'string')
    const back = JSON.stringify(parse(encodeQuery(value), QUERY_PARSE_OPTIONS))
    t.not(back, JSON.stringify(stringified(value)), 'qs would not give it back')
  }
})

t.test('queryLimitProblem › refuses keys and values that do not survive the trip', async (t) => {
  t.type(queryLimitProblem({ 'a[b]': 'x' }), 'string')
  t.type(queryLimitProblem({ a: { 'b]': 'x' } }), 'string')
  t.type(queryLimitProblem({ a: Number.NaN }), 'string')
  t.type(queryLimitProblem({ a: () => 1 }), 'string')
  t.type(queryLimitProblem({ a: new Map() }), 'string')
  t.equal(queryLimitProblem({ a: null, b: undefined, c: [], d: {} }), undefined)
  t.equal(encodeQuery({ a: null, b: undefined, c: '' }), 'c=')
})

t.test('encodeQuery › writes what qs.stringify writes, for everything the limits let through', async (t) => {
  const values: Record<string, unknown>[] = [
    { a: '1', b: ['x', 'y'], c: { d: { e: 'f' } } },
    { text: "é & = ? + / # % ! ' ( ) * ~ - _ . 中文 😀", space: 'a b', newline: 'a\nb' },
    { n: 0, m: -1.5, big: 1e21, yes: true, no: false, empty: '', none: null, gone: undefined },
    { when: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), list: [], obj: {}, mixed: [{ a: 1 }, 'x', [2, 3]] },
    { 'key with space': 'v', ключ: 'значение', 'a.b': 'c' },
  ]
  for (const value of values) {
    t.equal(queryLimitProblem(value), undefined)
    t.equal(encodeQuery(value), stringify(value, { arrayFormat: 'indices', skipNulls: true }))
  }
  // A lone surrogate cannot be UTF-8: it is sent as U+FFFD rather than throwing.
  t.equal(encodeQuery({ a: '\uD800' }), 'a=%EF%BF%BD')
})

t.test('path › placeholders in both spellings, whole or embedded', async (t) => {
  t.same(pathPlaceholders('x/{id}/y'), [{ name: 'id', segment: true }])
  t.same(pathPlaceholders('x/:id/y/{product}Auth'), [
    { name: 'id', segment: true },
    { name: 'product', segment: false },
  ])
  t.equal(fillPath('a/:id/{product}Auth', { id: 'a b', product: 'tikTok' }), 'a/a%20b/tikTokAuth')
  t.throws(() => fillPath('a/:id', {}))
  const colon = compilePath('a/:id/b')
  t.same(matchPath(colon, 'a/x1/b'), { id: 'x1' })
  t.equal(matchPath(colon, 'a/x1/c'), undefined)
  t.equal(matchPath(compilePath('a.b/{id}'), 'aXb/1'), undefined, 'static text is matched literally')
  t.ok(PATH_PARAM_PATTERN.test('Ab-_~=+.9'))
  for (const bad of ['', '.', '..', '.hidden', 'a/b', 'a b', 'a%2F', 'x'.repeat(201)]) {
    t.notOk(PATH_PARAM_PATTERN.test(bad), JSON.stringify(bad).slice(0, 20))
  }
})

t.test('toBase64Utf8 › standard base64 of the UTF-8 bytes', async (t) => {
  t.equal(toBase64Utf8('Secr3t!x'), Buffer.from('Secr3t!x').toString('base64'))
  t.equal(toBase64Utf8('密码Ab1!'), Buffer.from('密码Ab1!', 'utf8').toString('base64'))
  t.equal(toBase64Utf8(''), '')
})
