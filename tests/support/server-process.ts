import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { ROOT } from './root.ts'
import { answersOk, waitFor } from './wait.ts'

export interface ServerProcess {
  child: ChildProcess
  baseUrl: string
  metricsUrl: string
  sandboxUrls: string[]
  /** The same by region (`sg` holds the outbox and the accounts). */
  sandboxRegions: Record<string, string>
  /** JSON log lines so far, each with the time the test saw it. */
  logLines: () => Array<Record<string, unknown>>
}

/**
 * A real `node server/server.ts` (production build, embedded sandbox upstream) on free ports,
 * its JSON log collected; resolves once the site is ready, the metrics port and the sandbox up. Needs
 * dist/ (npm test builds it first). `env` adds to or overrides the defaults.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'server/server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      _TAPJS_PROCESSINFO_COVERAGE_: '0',
      NODE_ENV: 'production',
      SANDBOX: 'on',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      LOG_FORMAT: 'json',
      // A test process that dies hard (a hang guard, Ctrl-C) leaves no server holding its ports.
      EXIT_WITH_PARENT: 'on',
      // Shedding on event-loop lag has its own tests (overload.test.ts sets it); on a busy shared
      // machine it would answer other tests' requests 503 (ADR 0068).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Array<Record<string, unknown>> = []
  let pending = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk
    const complete = pending.split('\n')
    pending = complete.pop() ?? ''
    for (const text of complete)
      if (text.startsWith('{')) lines.push({ ...JSON.parse(text), seenAt: Date.now() })
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk
  })
  try {
    return await waitFor(
      'the server ready (listening, metrics, sandbox, renderer warmed)',
      async () => {
        const listening = lines.find((line) => String(line.msg).startsWith('Server listening at'))
        const metrics = lines.find((line) => line.msg === 'Prometheus metrics listening at /metrics')
        const sandbox = lines.find((line) => typeof line.regions === 'object' && line.forwarder !== undefined)
        if (!listening || !metrics || !sandbox) return undefined
        // Ready as an ingress sees it: after the renderer's warm-up (ADR 0114).
        const baseUrl = String(listening.msg).replace('Server listening at ', '')
        if (!(await answersOk(`${baseUrl}/readyz`))) return undefined
        return {
          child,
          baseUrl,
          metricsUrl: `http://127.0.0.1:${metrics.port}/metrics`,
          sandboxUrls: Object.values(sandbox.regions as Record<string, string>),
          sandboxRegions: sandbox.regions as Record<string, string>,
          logLines: () => lines,
        }
      },
      { stop: () => (child.exitCode === null ? undefined : `exited with ${child.exitCode}`) },
    )
  } catch (error) {
    child.kill('SIGKILL')
    // Its own last words: the server logs JSON on stdout, so a refusal to start is there, not on stderr.
    const lastLines = lines.slice(-5).map((line) => JSON.stringify(line))
    throw new Error(`server did not start: ${(error as Error).message}\n${[...lastLines, stderr].join('\n')}`)
  }
}
