import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parser } from '@prometheus-io/lezer-promql'
import { collectDefaultMetrics, Registry } from 'prom-client'
import { ROOT } from '../support/root.ts'

/** A PromQL expression's syntax errors (count) and the metric names its selectors read. */
export function parsePromql(expression: string): { errors: number; metrics: string[] } {
  let errors = 0
  const metrics: string[] = []
  parser.parse(expression).iterate({
    enter(node) {
      if (node.type.isError) errors += 1
      if (node.name === 'VectorSelector') {
        const identifier = node.node.getChild('Identifier')
        if (identifier) metrics.push(expression.slice(identifier.from, identifier.to))
      }
    },
  })
  return { errors, metrics }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

/**
 * Every series name the server exports: the metrics server/ declares with prom-client (histograms
 * with their _bucket, _count and _sum) and prom-client's default process metrics.
 */
export async function exportedMetricNames(): Promise<Set<string>> {
  const names = new Set<string>()
  // prom-client's constructors, and the metrics plugin's helpers around them (`histogram('name', …)`).
  const declaration =
    /(?:new (Counter|Gauge|Histogram|Summary)(?:<[^>]*>)?\(\{\s*name: |\b(counter|gauge|histogram)(?:<[^>]*>)?\(\s*)'([a-z_:]+)'/g
  for (const file of sourceFiles(path.join(ROOT, 'server'))) {
    for (const [, constructed, helper, name] of readFileSync(file, 'utf8').matchAll(declaration)) {
      if (!name) continue
      names.add(name)
      const kind = (constructed ?? helper ?? '').toLowerCase()
      if (kind === 'histogram' || kind === 'summary')
        for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix)
    }
  }
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name)
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(metric.name + suffix)
  }
  return names
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
      (heading ?? '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  )
}
