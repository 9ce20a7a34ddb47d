import { gunzipSync } from 'node:zlib'
import t from 'tap'
import { gzipped, plain, spliceable } from '../../../server/page-cache/spliced.ts'

const PLACEHOLDER = 'f00dfeedf00dfeedf00dfeedf00dfeed'
// Chinese text around the cuts: bytes and characters differ, which a length or checksum taken
// over characters instead of bytes would get wrong.
const PAGE = `<html lang="zh-CN"><script nonce="${PLACEHOLDER}">window.x=1</script><p>免费试用 ${'登录 '.repeat(200)}</p><script nonce="${PLACEHOLDER}"></script>尾`

t.test('a cached page with a fresh nonce: plain and gzip give the same bytes', async (t) => {
  const body = spliceable(PAGE, PLACEHOLDER)
  t.equal(body.pieces.length, 3, 'cut at each placeholder')
  for (const nonce of ['AAAAAAAAAAAAAAAAAAAAAA==', 'nonce-two/+==']) {
    const expected = PAGE.replaceAll(PLACEHOLDER, nonce)
    t.equal(plain(body, nonce).toString('utf8'), expected)
    // gunzip verifies the trailer's CRC-32 and length: a wrong checksum throws here.
    t.equal(gunzipSync(gzipped(body, nonce)).toString('utf8'), expected)
  }
})

t.test('the nonce is stored, never compressed (BREACH, ADR 0016)', async (t) => {
  const body = spliceable(PAGE, PLACEHOLDER)
  const nonce = 'Zm9yLXRoZS1yZWNvcmQtb25seQ=='
  const gz = gzipped(body, nonce)
  t.ok(gz.includes(Buffer.from(nonce)), 'the nonce appears verbatim in the gzip stream')
  const other = gzipped(body, 'A'.repeat(nonce.length))
  t.equal(gz.length, other.length, 'the compressed length does not depend on the nonce')
})

t.test('a page without a nonce is one piece', async (t) => {
  const body = spliceable('<p>plain</p>', PLACEHOLDER)
  t.equal(gunzipSync(gzipped(body, 'x')).toString(), '<p>plain</p>')
  t.equal(plain(body, 'x').toString(), '<p>plain</p>')
})

t.test('the checksum comes from the pieces’ own: cuts at the edges, long pieces, many nonces', async (t) => {
  const long = `${'<p>免费试用 登录</p>'.repeat(6000)}`
  for (const page of [
    `${PLACEHOLDER}${long}${PLACEHOLDER}`,
    `${PLACEHOLDER}${PLACEHOLDER}`,
    `a${PLACEHOLDER}b${PLACEHOLDER}c${PLACEHOLDER}${long}`,
  ]) {
    const body = spliceable(page, PLACEHOLDER)
    const nonce = 'bm9uY2UtZm9yLXRoZS1jaGVja3N1bQ=='
    t.equal(gunzipSync(gzipped(body, nonce)).toString('utf8'), page.replaceAll(PLACEHOLDER, nonce))
  }
})
