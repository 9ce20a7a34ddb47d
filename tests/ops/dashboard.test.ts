/**
 * helm/dashboards/account-edge.json (issue 47 point 6; the chart ships it in a ConfigMap): every
 * query parses and reads only series a running server exports, like the alert rules
 * (helm-monitoring.test.ts). A renamed metric breaks this test, not a panel nobody looks at.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import t, { type Test } from 'tap'
import { build, ROOT } from '../helper.ts'
import { startRedis } from '../support/redis.ts'
import { parsePromql } from './promql.ts'

interface Target {
  expr: string
}
interface Panel {
  type: string
  title: string
  targets?: Target[]
}
const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'helm/dashboards/account-edge.json'), 'utf8')) as {
  uid: string
  panels: Panel[]
  templating: { list: { name: string; definition?: string }[] }
}

/** Grafana's own variables stand where PromQL wants a duration; any duration parses the same. */
const withGrafanaVariables = (expr: string) => expr.replace(/\$__(range|rate_interval|interval)/g, '5m')

/** The series names a live server lists on /metrics (with Redis: its store series too). */
async function liveSeriesNames(t: Test): Promise<Set<string>> {
  const redis = await startRedis(t)
  const { app } = await build(t, { env: { REDIS_URL: redis.url } })
  const names = new Set<string>()
  for (const line of (await app.metrics.metrics()).split('\n')) {
    const typed = /^# TYPE (\S+) (\S+)/.exec(line)
    if (!typed?.[1]) continue
    names.add(typed[1])
    if (typed[2] === 'histogram')
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(typed[1] + suffix)
  }
  return names
}

t.test('the dashboard reads only series the server exports, with queries that parse', async (t) => {
  const live = await liveSeriesNames(t)
  const queries = dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ panel, target })),
  )
  t.ok(queries.length >= 10, 'the dashboard has its queries')
  for (const { panel, target } of queries) {
    const { errors, metrics } = parsePromql(withGrafanaVariables(target.expr))
    t.equal(errors, 0, `${panel.title}: the query parses`)
    t.ok(metrics.length > 0, `${panel.title}: reads a series`)
    for (const metric of metrics) t.ok(live.has(metric), `${panel.title}: ${metric} is on /metrics`)
  }
  for (const variable of dashboard.templating.list) {
    const metric = /^label_values\((\w+),/.exec(variable.definition ?? '')?.[1]
    if (variable.definition) t.ok(metric && live.has(metric), `variable ${variable.name} reads ${metric}`)
  }
})

t.test('the dashboard shows the funnel, the SLOs and the upstreams per region', async (t) => {
  const all = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr)
  t.ok(
    all.some((expr) => expr.includes('flow_steps_total')),
    'the funnel',
  )
  t.ok(
    all.some((expr) => expr.includes('flow_step_refusals_total')),
    'refusals by reason',
  )
  t.ok(
    all.some((expr) => /status_code=~"5\.\."/.test(expr)),
    'the error-ratio SLO',
  )
  t.ok(
    all.some((expr) => /by \(le, upstream_region.*upstream_request_duration_seconds_bucket/.test(expr)),
    'upstreams per region',
  )
  t.ok(
    all.every((expr) => expr.includes('region=~"$region"')),
    'every query follows the region picker',
  )
})
