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
  for (const [file, table] of await flowTables()) {
    for (const [name, route] of Object.entries(table)) {
      t.notOk(seen.has(name), `${name} in ${file} and ${seen.get(name)}`)
      seen.set(name, file)
      t.equal(route.name, name, `${file}: ${name} knows its name`)
      const server = ENDPOINTS[name as keyof typeof ENDPOINTS]
      t.ok(server, `${name} is in the server table`)
      const routePart = Object.fromEntries(
        Object.keys(route).map((key) => [key, server[key as keyof typeof server]]),
      )
      t.same(routePart, route, `${name}: same route on both sides`)
    }
  }
  t.same([...seen.keys()].sort(), [...ENDPOINT_NAMES].sort())
})

t.test('flow tables › browser-safe: no schemas, no other flow, internal calls kept apart', async (t) => {
  for (const [file, table] of await flowTables()) {
    const source = readFileSync(join(DIR, file), 'utf8')
    const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1])
    t.same(imports, ['./define.ts'], `${file} imports only the route helper`)
    const internal = Object.values(table).filter((route) => route.internal)
    if (file === 'internal.ts')
      t.equal(internal.length, Object.keys(table).length, 'internal.ts: all internal')
    else t.same(internal, [], `${file}: nothing server-to-server`)
  }
})
