import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { GraphChunk } from '../../scripts/build-graph-plugin.ts'
import { BUILD_GRAPH_FILE } from '../../scripts/build-graph-plugin.ts'
import { ROOT } from '../support/root.ts'

/** What one page makes the browser load, worked out from its HTML and the build graph. */

const ASSET_PREFIX = '/auth/_next/'

export interface PageWeight {
  js: string[]
  css: string[]
  /** Source modules bundled into the page's JavaScript. */
  modules: Map<string, number>
}

export function readGraph(): Map<string, GraphChunk> {
  const graph = JSON.parse(readFileSync(path.join(ROOT, BUILD_GRAPH_FILE), 'utf8')) as {
    chunks: GraphChunk[]
  }
  return new Map(graph.chunks.map((chunk) => [chunk.file, chunk]))
}

function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
  return [...html.matchAll(tag)].flatMap((match) => {
    const value = new RegExp(`\\s${attribute}="([^"]+)"`).exec(match[0])?.[1]
    return value?.startsWith(ASSET_PREFIX) ? [value.slice(ASSET_PREFIX.length)] : []
  })
}

/**
 * The scripts and stylesheets the HTML names, every chunk they import statically, and the locale
 * chunks the page fetches before hydrating (`namespaces` in `language`).
 */
export function pageWeight(
  html: string,
  graph: Map<string, GraphChunk>,
  language: string,
  namespaces: readonly string[],
): PageWeight {
  const entries = [
    ...attributeValues(html, /<script\b[^>]*>/g, 'src'),
    ...attributeValues(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href'),
  ]
  const locales = namespaces.map((namespace) => {
    const file = `shared/i18n/locales/${language}/${namespace}.ts`
    const chunk = [...graph.values()].find((candidate) => file in candidate.modules)
    if (!chunk) throw new Error(`no chunk holds ${file}`)
    return chunk.file
  })
  const js = new Set<string>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const chunk = graph.get(file)
    if (!chunk) throw new Error(`${file} is not in the client build`)
    // Vite drops chunks that held only CSS imports: the stylesheet links stand for them.
    if (!Object.keys(chunk.modules).every((module) => module.endsWith('.css'))) js.add(file)
    for (const imported of chunk.imports) visit(imported)
  }
  for (const file of [...entries, ...locales]) visit(file)
  const modules = new Map<string, number>()
  for (const file of js) {
    for (const [module, size] of Object.entries(graph.get(file)?.modules ?? {})) modules.set(module, size)
  }
  const css = attributeValues(html, /<link\b[^>]*rel="stylesheet"[^>]*>/g, 'href')
  return { js: [...js], css, modules }
}

export function gzipBytes(files: readonly string[]): number {
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(ROOT, 'dist/client', file))).length,
    0,
  )
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
