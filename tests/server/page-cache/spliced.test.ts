import { gunzipSync } from 'node:zlib'
import t from 'tap'
import { gzipped, plain, spliceable } from '../../../server/page-cache/spliced.ts'

const PLACEHOLDER = 'f00dfeedf00dfeedf00dfeedf00dfeed'
// Chinese text around the cuts: bytes and characters differ, which a length or checksum taken
// over characters instead of bytes would get wrong.
const PAGE = `<html lang="zh-CN"><script nonce="${PLACEHOLDER}">window.x=1</script><p>免费试用 ${'登录 '.repeat(200)}</p><script nonce="${PLACEHOLDER}"></script>尾`

t.test('a cached page with a fresh nonce: plain and gzip give the same bytes', async (t) => {
  const body = spliceable(PAGE, [PLACEHOLDER])
  t.equal(body.pieces.length, 3, 'cut at each placeholder')
  for (const nonce of ['AAAAAAAAAAAAAAAAAAAAAA==', 'nonce-two/+==']) {
    const expected = PAGE.replaceAll(PLACEHOLDER, nonce)
    t.equal(plain(body, [nonce]).toString('utf8'), expected)
    // gunzip verifies the trailer's CRC-32 and length: a wrong checksum throws here.
    t.equal(gunzipSync(gzipped(body, [nonce])).toString('utf8'), expected)
  }
})

t.test('the nonce is stored, never compressed (BREACH, ADR 0016)', async (t) => {
  const body = spliceable(PAGE, [PLACEHOLDER])
  const nonce = 'Zm9yLXRoZS1yZWNvcmQtb25seQ=='
  const gz = gzipped(body, [nonce])
  t.ok(gz.includes(Buffer.from(nonce)), 'the nonce appears verbatim in the gzip stream')
  const other = gzipped(body, ['A'.repeat(nonce.length)])
  t.equal(gz.length, other.length, 'the compressed length does not depend on the nonce')
})

t.test('a page without a nonce is one piece', async (t) => {
  const body = spliceable('<p>plain</p>', [PLACEHOLDER])
  t.equal(gunzipSync(gzipped(body, ['x'])).toString(), '<p>plain</p>')
  t.equal(plain(body, ['x']).toString(), '<p>plain</p>')
})

t.test('the checksum is right with cuts at the edges, long pieces, many nonces', async (t) => {
  const long = `${'<p>免费试用 登录</p>'.repeat(6000)}`
  for (const page of [
    `${PLACEHOLDER}${long}${PLACEHOLDER}`,
    `${PLACEHOLDER}${PLACEHOLDER}`,
    `a${PLACEHOLDER}b${PLACEHOLDER}c${PLACEHOLDER}${long}`,
    // A long first piece (its checksum kept with the entry), as a page whose nonce ends it.
    `${long}${PLACEHOLDER}</body></html>`,
  ]) {
    const body = spliceable(page, [PLACEHOLDER])
    const nonce = 'bm9uY2UtZm9yLXRoZS1jaGVja3N1bQ=='
    t.equal(gunzipSync(gzipped(body, [nonce])).toString('utf8'), page.replaceAll(PLACEHOLDER, nonce))
  }
})

t.test('a not-found page: the nonce and the path each go into their own cuts, stored', async (t) => {
  const PATH = '/0badc0de0badc0de0badc0de0badc0de'
  const page = `<a href="${PATH}?language=zh"><script nonce="${PLACEHOLDER}"></script>${PATH}免费${PLACEHOLDER}`
  const body = spliceable(page, [PLACEHOLDER, PATH])
  t.equal(body.pieces.length, 5, 'cut at every placeholder of either kind')
  for (const [nonce, path] of [
    ['bm9uY2U=', '/auth/no_such_page'],
    ['b3RoZXI=', '/a/b.php'],
  ] as const) {
    const expected = page.replaceAll(PLACEHOLDER, nonce).replaceAll(PATH, path)
    t.equal(plain(body, [nonce, path]).toString('utf8'), expected)
    t.equal(gunzipSync(gzipped(body, [nonce, path])).toString('utf8'), expected)
    t.ok(gzipped(body, [nonce, path]).includes(Buffer.from(path)), 'the path verbatim: never compressed')
  }
})
