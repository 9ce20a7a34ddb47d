/**
 * server/plugins/external/compression.ts: a page rendered per request (a 404, 26 KB of HTML) is
 * compressed in one call (`syncThreshold`, ADR 0094), so it goes out with its length, not
 * through a zlib stream (chunked, no Content-Length); what the browser unpacks is the page. A
 * browser that takes both gets gzip, the cheaper of the two on the request path (ADR 0113).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { build, ROOT } from '../helper.ts'

if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
  t.fail('dist/ is missing: run `npx vike build` first (npm test does)')
} else {
  t.test('compression › a rendered 404 page is compressed in one piece, with its length', async (t) => {
    const { app } = await build(t, { ssr: true })
    const plain = await app.inject({ url: '/auth/no_such_page', headers: { 'accept-encoding': 'identity' } })
    t.equal(plain.statusCode, 404)
    t.equal(plain.headers['content-encoding'], undefined)
    t.ok(
      plain.rawPayload.length > 8 * 1024,
      `bigger than the library's 2-core default (${plain.rawPayload.length} B)`,
    )
    const withoutNonces = (html: string) => html.replace(/[0-9a-f]{32}/g, 'NONCE')
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await app.inject({ url: '/auth/no_such_page', headers: { 'accept-encoding': encoding } })
      t.equal(packed.statusCode, 404)
      t.equal(packed.headers['content-encoding'], encoding)
      t.equal(
        packed.headers['content-length'],
        String(packed.rawPayload.length),
        `${encoding}: sent with its length (a stream would be chunked)`,
      )
      t.ok(packed.rawPayload.length < plain.rawPayload.length / 3, `${encoding}: compressed`)
      t.equal(withoutNonces(unpack(packed.rawPayload).toString('utf8')), withoutNonces(plain.body))
    }
  })

  t.test(
    'compression › a browser taking gzip and brotli gets gzip for a page rendered per request',
    async (t) => {
      const { app } = await build(t, { ssr: true })
      const page = await app.inject({
        url: '/auth/no_such_page',
        // What Chrome and Firefox send.
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      })
      t.equal(page.statusCode, 404)
      t.equal(page.headers['content-encoding'], 'gzip')
      t.match(gunzipSync(page.rawPayload).toString('utf8'), '</html>', 'the whole page')
    },
  )
}
