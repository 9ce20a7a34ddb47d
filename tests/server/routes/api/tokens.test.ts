import t from 'tap'
import { findToken, withoutTokens } from '../../../../server/routes/api/tokens.ts'

// Upstream credentials go into the sealed cookie only (security.md): no page ever sees one.
t.test('tokens › every token-named key is gone from what the page gets, at any depth', async (t) => {
  const answer = {
    retCode: '000000',
    item: { email: 'a@example.com', token: 'T1', profile: { refreshToken: 'R', name: 'Ann' } },
    items: [{ accessToken: 'A', id: 1 }, { id: 2 }, 'text'],
  }
  const before = structuredClone(answer)
  const cleaned = withoutTokens(answer)
  t.same(cleaned, {
    retCode: '000000',
    item: { email: 'a@example.com', profile: { name: 'Ann' } },
    items: [{ id: 1 }, { id: 2 }, 'text'],
  })
  t.doesNotThrow(() => JSON.stringify(cleaned))
  t.notMatch(JSON.stringify(cleaned), /T1|"R"|"A"|[Tt]oken/, 'no credential left in the bytes sent')
  t.same(answer, before, 'the upstream answer itself is left as it was (flows still read it)')
  t.not(cleaned.item, answer.item, 'what held a token is a copy')
  t.equal(cleaned.items[1], answer.items[1], 'what held none is passed on as it is')
  const plain = { retCode: '000000', item: { exists: true } }
  t.equal(withoutTokens(plain), plain, 'an answer without tokens is not copied')
})

t.test('tokens › the first token found: own keys first, then nested, in order', async (t) => {
  t.equal(findToken({ nested: { token: 'deep' }, loginToken: 'top' }), 'top')
  t.equal(findToken({ a: { b: { tempToken: 'deep' } }, c: { token: 'later' } }), 'deep')
  t.equal(findToken([{ id: 1 }, { token: 'second' }]), 'second')
  t.equal(findToken({ token: '', other: { token: 'filled' } }), 'filled', 'an empty token is none')
  t.equal(findToken({ token: 42 }), undefined, 'only text is a token')
  t.equal(findToken('token'), undefined)
})
