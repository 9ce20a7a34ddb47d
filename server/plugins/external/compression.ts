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
      // Gzip first when the browser takes both (every browser does): per-response compression runs
      // on the request path, and for a 27 KB page rendered per request gzip at level 3 costs
      // 97 µs for 5.0 KB where brotli at quality 3 costs 230 µs for 4.8 KB (and quality 1,
      // 112 µs for 5.4 KB): 3 % more bytes for less than half the CPU (ADR 0113). Cached pages
      // and assets keep the ratios of their ahead-of-time compression.
      encodings: ['gzip', 'br'],
      threshold: 1024,
      // For a client that takes brotli only: quality 3, not 4 (ADR 0104).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
      zlibOptions: { level: 3 },
      // Pages rendered per request (a 404, a signed-out page outside the cache, 26–30 KB of HTML)
      // are compressed in one call, not through a zlib stream: the library's default on a 2-core
      // host is 8 KB, so every such page paid for a compression context, a stream pipeline and a trip
      // to the thread pool — more CPU than the compression itself (≈ 0.2 ms at quality 4), and
      // the contexts are resident memory (ADR 0082). Measured in ADR 0094. Bigger bodies still stream.
      syncThreshold: 64 * 1024,
    })
  },
  { name: 'compression', fastify: '5.x', dependencies: ['session'] },
)
