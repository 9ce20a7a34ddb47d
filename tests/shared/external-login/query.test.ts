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

for (const provider of PROVIDERS) {
  for (const mode of MODES) {
    const names = EXPECTED[provider][mode]
    if (!names) {
      t.test(`${provider} × ${mode} › not offered, even with every parameter`, async (t) => {
        const all = [...new Set(Object.values(EXPECTED[provider]).flat())]
        const result = parseExternalLoginQuery(fullQuery(provider, all), mode)
        t.match(result, { ok: false, provider, reason: 'modeNotOffered' })
      })
      continue
    }
    t.test(`${provider} × ${mode} › all parameters present is valid`, async (t) => {
      const result = parseExternalLoginQuery(fullQuery(provider, names), mode)
      t.same(result, {
        ok: true,
        provider,
        mode,
        params: Object.fromEntries(names.map((name) => [name, `v-${name}`])),
      })
    })
    for (const missing of names) {
      for (const form of ['absent', 'empty'] as const) {
        t.test(`${provider} × ${mode} › ${missing} ${form} is invalid`, async (t) => {
          const query: Record<string, string> = fullQuery(provider, names)
          if (form === 'absent') delete query[missing]
          else query[missing] = ''
          const result = parseExternalLoginQuery(query, mode)
          t.equal(result.ok, false)
          if (!result.ok) {
            t.equal(result.reason, 'missingParams')
            t.ok(result.missing.includes(missing))
          }
        })
      }
    }
  }
}

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
