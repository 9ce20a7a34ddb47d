import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'
import { firstLoadChunk } from './build/first-load-chunk.ts'
import { precompressClientBuild } from './build/precompress.ts'
import { prerenderPageImages } from './build/prerender-images.ts'
import { buildGraph } from './scripts/build-graph-plugin.ts'

export default {
  plugins: [react(), vike(), firstLoadChunk(), buildGraph(), precompressClientBuild(), prerenderPageImages()],
  build: {
    target: 'es2022',
    // One stylesheet for the whole site (≈ 4 KB gzip) instead of one per component: a page blocks
    // its first paint on one request, not five, and every later page has it cached.
    cssCodeSplit: false,
  },
  // Vike crawls `+` files under the root: keep tests, sandbox and server out of its sight.
  server: { watch: { ignored: ['**/tests/**', '**/dist/**', '**/.tap/**'] } },
} satisfies UserConfig
