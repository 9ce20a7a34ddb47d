import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { afterClientBuild } from './after-client-build.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const TEXT_FILES = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/i
// Below this, compression saves less than the extra header costs.
const MIN_BYTES = 1024

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (TEXT_FILES.test(entry.name)) yield full
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every text file of the client build, so
 * @fastify/static serves them with `preCompressed` and no request ever pays for compressing an
 * asset (ADR 0016). Assets are public: no secret is ever compressed with them.
 */
export async function precompress(dir: string): Promise<number> {
  let count = 0
  for await (const file of filesUnder(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue
    const data = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
      gzipAsync(data, { level: 9 }),
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    count++
  }
  return count
}

/** Vite plugin: pre-compresses the client build once it is written. */
export function precompressClientBuild(): Plugin {
  return afterClientBuild('account-edge:precompress', precompress)
}
