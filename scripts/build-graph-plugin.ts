import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** One client chunk as the budget test sees it (tests/build/budgets.test.ts). */
export interface GraphChunk {
  file: string
  isEntry: boolean
  isDynamicEntry: boolean
  /** Chunks this one imports statically: the browser loads them with it. */
  imports: string[]
  dynamicImports: string[]
  css: string[]
  /** Source modules (relative to the project root) and their minified size in this chunk. */
  modules: Record<string, number>
}

export const BUILD_GRAPH_FILE = 'dist/build-graph.json'

/**
 * Writes the client build's chunk graph next to (not inside) dist/client, so it is never served:
 * Vike folds Vite's own manifest into the server bundle and deletes the file. Module sizes say
 * what made a chunk heavy when a budget fails.
 */
export function buildGraph(): Plugin {
  let root = process.cwd()
  return {
    name: 'account-edge:build-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const chunks: GraphChunk[] = []
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const modules: Record<string, number> = {}
        for (const [id, info] of Object.entries(output.modules)) {
          const name = path.relative(root, id.replace(/\?.*$/, '').replace(/^\0/, ''))
          modules[name] = (modules[name] ?? 0) + info.renderedLength
        }
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          modules,
        })
      }
      writeFileSync(path.join(root, BUILD_GRAPH_FILE), `${JSON.stringify({ chunks }, null, 1)}\n`)
    },
  }
}
