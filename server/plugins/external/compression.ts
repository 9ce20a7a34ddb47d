import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * Brotli or gzip for text responses (ADR 0016). The BREACH rule: never compress a body that
 * holds a secret the same across responses next to text an attacker chooses, because the
 * compressed length then tells the attacker how much of their guess matched. Therefore:
 * - static assets are public and come pre-compressed from the build;
 * - cached pages are compressed ahead of time without the nonce, which goes in uncompressed;
 * - anything answered to a signed-in visitor (pages with the user's data and form token) is sent
 *   uncompressed: it could echo a chosen path or field next to such data;
 * - `/api` answers are never compressed, signed in or not (ADR 0106: the route opts out).
 */
export default fp(
  async (app) => {
    // Marks this request for @fastify/compress's own opt-out before any handler runs.
    // Callback style: no promise per request for a synchronous check.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.sessionUser()) request.headers['x-no-compression'] = 'signed-in'
      done()
    })
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Per-response compression runs on the request path: a low quality. 3 against 4 (until
      // 2026-11-27): half the CPU (0.11 against 0.24 ms for a 26 KB 404) for 9 % more bytes
      // (4.4 against 4.0 KB); the 404's render row gained ≈ 3 % (ADR 0104).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
      zlibOptions: { level: 6 },
      // Pages rendered per request (a 404, a signed-out page outside the cache, 26–30 KB of HTML)
      // are compressed in one call, not through a zlib stream: the library's default on a 2-core
      // host is 8 KB, so every such page paid for a brotli context, a stream pipeline and a trip
      // to the thread pool — more CPU than the compression itself (≈ 0.2 ms at quality 4), and
      // the contexts are resident memory (ADR 0082). Measured in ADR 0094. Bigger bodies still stream.
      syncThreshold: 64 * 1024,
    })
  },
  { name: 'compression', fastify: '5.x', dependencies: ['session'] },
)
