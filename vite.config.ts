import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'
import { precompressClientBuild } from './build/precompress.ts'

export default {
  plugins: [react(), vike(), precompressClientBuild()],
  build: { target: 'es2022' },
  // Vike crawls `+` files under the root: keep tests, sandbox and server out of its sight.
  server: { watch: { ignored: ['**/tests/**', '**/dist/**', '**/.tap/**'] } },
} satisfies UserConfig
