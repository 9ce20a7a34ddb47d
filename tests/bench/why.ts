/**
 * What `npm run load` prints beside a miss (issue 19: "for a miss, by how much and why"): where the
 * host's CPU went during a phase, and how long renders waited in the BFF's render queue.
 */

import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

/** The host's CPU time so far, in ticks of /proc/stat (Linux): all of it, the busy part, steal. */
interface HostTicks {
  total: number
  busy: number
  steal: number
}

function hostTicks(): HostTicks {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
    fields.map(Number)
  const total = user + nice + system + idle + iowait + irq + softirq + steal
  return { total, busy: total - idle - iowait, steal }
}

/** A process's CPU so far in ms, read by the caller (the BFF, the sandbox, this process). */
export type CpuClock = () => number

/**
 * Starts counting; `stop()` answers how many cores each named process kept busy on average, the
 * host's busy cores of how many, and the cores the hypervisor took (steal).
 */
export function cpuAccount(processes: Record<string, CpuClock>) {
  const started = { at: performance.now(), host: hostTicks() }
  const before = Object.fromEntries(Object.entries(processes).map(([name, clock]) => [name, clock()]))
  return {
    stop() {
      const elapsedMs = performance.now() - started.at
      const host = hostTicks()
      const cores = availableParallelism()
      const ticks = Math.max(1, host.total - started.host.total)
      const perProcess = Object.entries(processes).map(
        ([name, clock]) => [name, (clock() - (before[name] ?? 0)) / elapsedMs] as const,
      )
      const hostBusy = ((host.busy - started.host.busy) / ticks) * cores
      const steal = ((host.steal - started.host.steal) / ticks) * cores
      const named = perProcess.reduce((sum, [, used]) => sum + used, 0)
      const parts = perProcess.map(([name, used]) => `${name} ${used.toFixed(2)}`)
      return {
        /** CPU each named process used over the phase, in ms. */
        usedMs: Object.fromEntries(perProcess.map(([name, cores]) => [name, cores * elapsedMs])),
        hostBusy,
        cores,
        steal,
        line: `${hostBusy.toFixed(2)} of the host's ${cores} cores busy (${parts.join(', ')}, everything else ${Math.max(0, hostBusy - named).toFixed(2)}; taken by the hypervisor ${steal.toFixed(2)})`,
      }
    },
  }
}

/** Cumulative bucket counts of `ssr_render_queue_wait_seconds`, both outcomes summed, by `le`. */
export function queueWaitBuckets(metrics: string): Map<string, number> {
  const buckets = new Map<string, number>()
  for (const [, labels = '', count = '0'] of metrics.matchAll(
    /^ssr_render_queue_wait_seconds_bucket\{([^}]*)\} (\S+)$/gm,
  )) {
    const le = /le="([^"]+)"/.exec(labels)?.[1]
    if (le) buckets.set(le, (buckets.get(le) ?? 0) + Number(count))
  }
  return buckets
}

const leSeconds = (le: string) => (le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le))

/**
 * The renders that waited between two readings and their p50 and p99 as the bucket bounds they fall
 * under ("≤ 1.5 s"); `upTo(seconds)` counts those that waited at most that long.
 */
export function queueWaitsBetween(before: Map<string, number>, after: Map<string, number>) {
  const bounds = [...after.keys()].sort((a, b) => leSeconds(a) - leSeconds(b))
  const counts = bounds.map((le) => (after.get(le) ?? 0) - (before.get(le) ?? 0))
  const count = counts.at(-1) ?? 0
  const quantile = (q: number) => {
    const index = counts.findIndex((cumulative) => cumulative >= q * count)
    const le = bounds[index] ?? '+Inf'
    return le === '+Inf' ? `> ${bounds.at(-2)} s` : `≤ ${le} s`
  }
  const upTo = (seconds: number) => {
    const index = bounds.findIndex((le) => leSeconds(le) >= seconds)
    return index < 0 ? count : (counts[index] ?? 0)
  }
  return { count, p50: quantile(0.5), p99: quantile(0.99), upTo }
}
