// The runtime image's file set (ADR 0080): the files the server loads, found by following its
// imports (@vercel/nft), plus the page build. The Dockerfile and tests/ops/runtime-image.test.ts
// both lay the image out with this script, so the test runs exactly what the image ships.
//   node build/runtime-files.ts <out-dir> [--demo]
// Run after `vike build`, with every dependency installed: tracing decides what ships, not the
// dependencies/devDependencies split (vike depends on vite, esbuild and babel, which a built
// server never loads; pruning by package.json would ship them all).
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile } from 'node:fs/promises'
import { stripTypeScriptTypes } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeFileTrace } from '@vercel/nft'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Entry points: the server, the page build's server entry (imported by path) and pino-pretty
 * (LOG_FORMAT=pretty: pino loads its transport by name in a worker, which no import shows).
 */
const ENTRIES = ['server/server.ts', 'dist/server/entry.mjs', 'node_modules/pino-pretty/index.js']
/** Copied whole: served as files (assets, precompressed copies) or read by path, not imported. */
const WHOLE_DIRECTORIES = ['dist']
/** The embedded sandbox answers with fixtures: it ships only in the demo target. */
const SANDBOX = /^sandbox\//
/**
 * Loaded only by `SSR_MODE=vite` (development) or by the build: vike's dev middleware reaches
 * them through dynamic imports the trace follows, and a server running the build never loads them.
 */
const BUILD_ONLY_PACKAGES = [
  'vite',
  'rolldown',
  '@rolldown',
  'lightningcss',
  'lightningcss-linux-x64-gnu',
  'lightningcss-linux-arm64-gnu',
  'esbuild',
  '@esbuild',
  '@babel',
  'typescript',
  '@typescript',
  '@vitejs',
  'tsx',
  'npm',
]
const BUILD_ONLY = new RegExp(
  `(^|/)node_modules/(${BUILD_ONLY_PACKAGES.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})/`,
)

export interface RuntimeFileOptions {
  /** The demo target: the embedded sandbox and what it imports ship too. */
  demo: boolean
  /**
   * The trace's analysis of each file, shared by the layouts one process makes (both targets in
   * tests/ops/runtime-image.test.ts): parsing ≈ 3,000 files is most of a trace's CPU, and what a
   * file imports does not depend on the target. An object nft fills (its `cache` option).
   */
  traceCache?: Record<string, unknown>
}

/** Files of the runtime image, relative to the project root, sorted. */
export async function runtimeFiles({ demo, traceCache }: RuntimeFileOptions): Promise<string[]> {
  const { fileList } = await nodeFileTrace(ENTRIES, {
    base: ROOT,
    cache: traceCache,
    processCwd: ROOT,
    ignore: (file) => BUILD_ONLY.test(file) || (!demo && SANDBOX.test(file)),
    // nft parses JavaScript: hand it the TypeScript sources as Node runs them, types stripped.
    readFile: async (file) => {
      try {
        const source = await readFile(file, 'utf8')
        return file.endsWith('.ts') ? stripTypeScriptTypes(source) : source
      } catch {
        return null
      }
    },
  })
  const files = [...fileList].filter((file) => !WHOLE_DIRECTORIES.some((dir) => file.startsWith(`${dir}/`)))
  return [
    ...new Set([
      ...files,
      ...nativePrebuilds(files),
      'package.json',
      ...WHOLE_DIRECTORIES.map((dir) => `${dir}/`),
    ]),
  ].sort()
}

/**
 * Native addons loaded through `require-addon` (sodium-native) name their binary at run time, so
 * the trace cannot see it: every traced package with a `prebuilds/` folder brings this platform's.
 * The image's build stage runs on the image's platform, so that is the one the image needs.
 */
function nativePrebuilds(files: string[]): string[] {
  const packages = new Set(
    files.flatMap((file) => file.match(/^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+/)?.[0] ?? []),
  )
  return [...packages]
    .map((dir) => `${dir}/prebuilds/${process.platform}-${process.arch}/`)
    .filter((dir) => existsSync(path.join(ROOT, dir)))
}

/** Copies the runtime file set into `out` (a directory of its own). */
export async function layOut(out: string, options: RuntimeFileOptions): Promise<string[]> {
  const files = await runtimeFiles(options)
  for (const file of files) {
    const target = path.join(out, file)
    await mkdir(path.dirname(target), { recursive: true })
    await cp(path.join(ROOT, file), target, { recursive: true, verbatimSymlinks: true })
  }
  return files
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out, ...flags] = process.argv.slice(2)
  if (!out) {
    process.stderr.write('usage: node build/runtime-files.ts <out-dir> [--demo]\n')
    process.exit(2)
  }
  const files = await layOut(path.resolve(out), { demo: flags.includes('--demo') })
  process.stdout.write(`runtime files: ${files.length} entries copied to ${out}\n`)
}
