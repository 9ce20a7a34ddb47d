import t from 'tap'
import { externalPageFor, rewriteLink } from '../../../shared/external-login/app.ts'

t.test('externalPageFor › only the known page list', async (t) => {
  t.equal(externalPageFor(''), 'signIn')
  t.equal(externalPageFor('/'), 'signIn')
  t.equal(externalPageFor('/connect'), 'connect')
  t.equal(externalPageFor('/connect/'), 'connect')
  t.equal(externalPageFor('/connect/x'), undefined)
  t.equal(externalPageFor('/sign_in'), undefined)
  t.equal(externalPageFor('/CONNECT'), undefined)
})

t.test('rewriteLink › relative paths get the base, absolute http links stay', async (t) => {
  t.equal(rewriteLink('/connect', '/auth/external'), '/auth/external/connect')
  t.equal(rewriteLink('connect', '/auth/external/'), '/auth/external/connect')
  t.equal(rewriteLink('/', '/x'), '/x', 'the root is the base itself')
  t.equal(rewriteLink('https://example.com/a?b=1', '/x'), 'https://example.com/a?b=1')
  t.equal(rewriteLink('http://example.com', '/x'), 'http://example.com')
  t.equal(rewriteLink('//cdn.example.com/a', '/x'), '//cdn.example.com/a')
})

t.test('rewriteLink › a connect flow appends the saved query, keeping what the link has', async (t) => {
  const saved = { provider: 'shopify', payload: 'p 1' }
  t.equal(rewriteLink('/?language=en', '/b', saved), '/b?language=en&provider=shopify&payload=p+1')
  t.equal(rewriteLink('/connect#top', '/b', saved), '/b/connect?provider=shopify&payload=p+1#top')
  t.equal(rewriteLink('/c?provider=lazada', '/b', saved), '/b/c?provider=lazada&payload=p+1', 'link wins')
  t.equal(rewriteLink('https://a.example/', '/b', saved), 'https://a.example/', 'absolute untouched')
})
