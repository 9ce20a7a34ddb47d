import t from 'tap'
import {
  type ExternalMode,
  PROVIDERS,
  type Provider,
  parseExternalLoginQuery,
  providerOf,
  strippedSearch,
} from '../../../shared/external-login/query.ts'

/** Spec §3, written out again by hand so the table checks the module rather than itself. */
const EXPECTED: Record<Provider, { signIn?: string[]; connect?: string[] }> = {
  microsoft: { signIn: ['code', 'state', 'session_state'], connect: ['code', 'state'] },
  salesforce: { connect: ['domain'] },
  shopify: { connect: ['payload'] },
  saml: { signIn: ['authId', 'retCode'] },
  tikTok: { connect: ['payload'] },
  xiaohongshu: { connect: [] },
  lazada: { connect: ['code'] },
}
const MODES: ExternalMode[] = ['signIn', 'connect']

function fullQuery(provider: Provider, names: string[]): Record<string, string> {
  return Object.fromEntries([['provider', provider], ...names.map((name) => [name, `v-${name}`])])
}

/** What each case of the table gives, in a form a diff shows per case. */
function outcome(query: Record<string, string>, mode: ExternalMode, missing?: string) {
  const result = parseExternalLoginQuery(query, mode)
  if (result.ok) return { ok: true, provider: result.provider, mode: result.mode, params: result.params }
  return {
    ok: false,
    provider: result.provider,
    reason: result.reason,
    ...(missing
      ? { namesMissing: result.reason === 'missingParams' && result.missing.includes(missing) }
      : {}),
  }
}

t.test(
  'every provider × mode of spec §3 › complete is valid, each parameter absent or empty is named, other modes refused',
  async (t) => {
    const actual: Record<string, unknown> = {}
    const expected: Record<string, unknown> = {}
    for (const provider of PROVIDERS) {
      for (const mode of MODES) {
        const names = EXPECTED[provider][mode]
        if (!names) {
          const all = [...new Set(Object.values(EXPECTED[provider]).flat())]
          const key = `${provider} × ${mode} › not offered, even with every parameter`
          actual[key] = outcome(fullQuery(provider, all), mode)
          expected[key] = { ok: false, provider, reason: 'modeNotOffered' }
          continue
        }
        const key = `${provider} × ${mode} › all parameters present`
        actual[key] = outcome(fullQuery(provider, names), mode)
        expected[key] = {
          ok: true,
          provider,
          mode,
          params: Object.fromEntries(names.map((name) => [name, `v-${name}`])),
        }
        for (const missing of names) {
          for (const form of ['absent', 'empty'] as const) {
            const query: Record<string, string> = fullQuery(provider, names)
            if (form === 'absent') delete query[missing]
            else query[missing] = ''
            const key = `${provider} × ${mode} › ${missing} ${form}`
            actual[key] = outcome(query, mode, missing)
            expected[key] = { ok: false, provider, reason: 'missingParams', namesMissing: true }
          }
        }
      }
    }
    t.same(actual, expected)
  },
)

t.test('microsoft connect does not ask for session_state, sign-in does', async (t) => {
  const query = { provider: 'microsoft', code: 'c', state: 's' }
  t.equal(parseExternalLoginQuery(query, 'connect').ok, true)
  t.match(parseExternalLoginQuery(query, 'signIn'), { ok: false, missing: ['session_state'] })
})

t.test('tikTok › payload alone, or both retCode and retMsg', async (t) => {
  const cases: Array<[Record<string, string>, boolean]> = [
    [{ payload: 'p' }, true],
    [{ retCode: '140005', retMsg: 'no' }, true],
    [{ payload: 'p', retCode: '000000', retMsg: 'ok' }, true],
    [{ retCode: '140005' }, false],
    [{ retMsg: 'no' }, false],
    [{}, false],
  ]
  for (const [params, valid] of cases) {
    const result = parseExternalLoginQuery({ provider: 'tikTok', ...params }, 'connect')
    t.equal(result.ok, valid, JSON.stringify(params))
    if (result.ok) t.same(result.params, params)
  }
})

t.test('xiaohongshu › the provider alone is a valid connect return', async (t) => {
  t.same(parseExternalLoginQuery({ provider: 'xiaohongshu' }, 'connect'), {
    ok: true,
    provider: 'xiaohongshu',
    mode: 'connect',
    params: {},
  })
})

t.test('no provider means microsoft; an unknown one is refused', async (t) => {
  t.equal(providerOf({}), 'microsoft')
  t.equal(providerOf({ provider: '' }), 'microsoft')
  t.equal(providerOf({ provider: 'Shopify' }), null, 'names are exact')
  t.match(parseExternalLoginQuery({ code: 'c', state: 's', session_state: 'x' }, 'signIn'), {
    ok: true,
    provider: 'microsoft',
  })
  t.match(parseExternalLoginQuery({ provider: 'google', code: 'c' }, 'signIn'), {
    ok: false,
    provider: null,
    reason: 'unknownProvider',
  })
})

t.test('arrays and objects never count as a parameter', async (t) => {
  t.match(parseExternalLoginQuery({ provider: 'lazada', code: ['a', 'b'] }, 'connect'), {
    ok: false,
    missing: ['code'],
  })
})

t.test('strippedSearch › removes the provider parameters, keeps the rest in order', async (t) => {
  t.equal(
    strippedSearch('?language=en&provider=microsoft&code=c&state=s&session_state=x&next=%2Fa', 'microsoft'),
    '?language=en&next=%2Fa',
  )
  t.equal(strippedSearch('?provider=tikTok&retCode=1&retMsg=no&payload=p', 'tikTok'), '')
  t.equal(strippedSearch('', 'lazada'), '')
  t.equal(
    strippedSearch('?provider=shopify&payload=p&code=keep', 'shopify'),
    '?code=keep',
    'only its own names',
  )
})
