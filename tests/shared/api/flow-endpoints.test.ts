import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { EndpointRoute } from '../../../shared/api/endpoints/define.ts'
import { ENDPOINT_NAMES, ENDPOINTS } from '../../../shared/api/endpoints.ts'

/** The per-flow tables pages import (docs/pages.md), and the server's aggregate built from them. */

const DIR = join(import.meta.dirname, '../../../shared/api/endpoints')
const flowFiles = readdirSync(DIR).filter((file) => file.endsWith('.ts') && file !== 'define.ts')

async function flowTables(): Promise<Map<string, Record<string, EndpointRoute>>> {
  const tables = new Map<string, Record<string, EndpointRoute>>()
  for (const file of flowFiles) {
    const module = (await import(join(DIR, file))) as Record<string, Record<string, EndpointRoute>>
    const exported = Object.values(module)
    if (exported.length !== 1) throw new Error(`${file} should export exactly one table`)
    tables.set(file, exported[0]!)
  }
  return tables
}

t.test('flow tables › together they are exactly the server table, each name in one flow only', async (t) => {
  const seen = new Map<string, string>()
  const problems: string[] = []
  for (const [file, table] of await flowTables()) {
    for (const [name, route] of Object.entries(table)) {
      if (seen.has(name)) problems.push(`${name} in ${file} and ${seen.get(name)}`)
      seen.set(name, file)
      if (route.name !== name) problems.push(`${file}: ${name} is named ${route.name}`)
      const server = ENDPOINTS[name as keyof typeof ENDPOINTS]
      if (!server) {
        problems.push(`${file}: ${name} is not in the server table`)
        continue
      }
      const routePart = Object.fromEntries(
        Object.keys(route).map((key) => [key, server[key as keyof typeof server]]),
      )
      if (JSON.stringify(routePart) !== JSON.stringify(route))
        problems.push(`${file}: ${name} differs: ${JSON.stringify(route)} ≠ ${JSON.stringify(routePart)}`)
    }
  }
  t.same(problems, [], 'names twice, misnamed, unknown to the server, or different on the two sides')
  t.same([...seen.keys()].sort(), [...ENDPOINT_NAMES].sort(), 'the flow tables hold every server endpoint')
})

t.test('flow tables › browser-safe: no schemas, no other flow, internal calls kept apart', async (t) => {
  const problems: string[] = []
  for (const [file, table] of await flowTables()) {
    const source = readFileSync(join(DIR, file), 'utf8')
    const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1])
    if (imports.join() !== './define.ts') problems.push(`${file} imports ${imports.join(', ')}`)
    const internal = Object.values(table).filter((route) => route.internal)
    // internal.ts holds no row a page may call (internal ones, and flow-only ones no page needs).
    const pageRows = Object.values(table).filter((route) => route.access === 'page')
    if (file === 'internal.ts' && pageRows.length > 0) problems.push('internal.ts: rows a page may call')
    if (file !== 'internal.ts')
      problems.push(...internal.map((route) => `${file}: ${route.name} is server-to-server`))
  }
  t.same(problems, [], 'flow tables importing more than the route helper, or mixing internal calls')
})
