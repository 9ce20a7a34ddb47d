import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'
import { precompressClientBuild } from './build/precompress.ts'
import { buildGraph } from './scripts/build-graph-plugin.ts'

/**
 * The pages are written against React 19's API but render with preact/compat on BOTH sides
 * (ADR 0023): react-dom's client alone is ≈ 66 KB gzip of the 80 KB the sign-in page may load.
 * One renderer for SSR and hydration means the same markup and the same useId format.
 */
const preactForReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  {
    find: /^react-streaming\/server$/,
    replacement: fileURLToPath(new URL('./build/no-react-streaming.ts', import.meta.url)),
  },
]

export default {
  plugins: [react(), vike(), buildGraph(), precompressClientBuild()],
  resolve: { alias: preactForReact, dedupe: ['preact'] },
  // Aliases only apply to what Vite bundles: every library that imports react must be bundled
  // into the server build too, or Node would load the real React next to Preact's renderer.
  ssr: { noExternal: ['vike-react', 'react-streaming', 'react-i18next'] },
  build: {
    target: 'es2022',
    // One stylesheet for the whole site (≈ 4 KB gzip) instead of one per component: a page blocks
    // its first paint on one request, not five, and every later page has it cached.
    cssCodeSplit: false,
  },
  // Vike crawls `+` files under the root: keep tests, sandbox and server out of its sight.
  server: { watch: { ignored: ['**/tests/**', '**/dist/**', '**/.tap/**'] } },
} satisfies UserConfig
