/** A production process of the BFF (built pages, embedded sandbox) for `npm run bench` / `npm run load`. */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface BenchServer {
  child: ChildProcess
  base: string
  /** First sandbox region server (sg); us is the next port. */
  sandboxBase: (region: 'sg' | 'us') => string
  /** Milliseconds from spawn until /healthz answered 200. */
  startupMs: number
  rssMb: () => number
  stop: () => Promise<void>
}

export async function startBenchServer(port: number): Promise<BenchServer> {
  if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) throw new Error('run `npm run build` first')
  const sandboxPort = port + 2
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(ROOT, 'server/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SANDBOX: 'on',
      SANDBOX_PORT: String(sandboxPort),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '999999/1s',
    },
  })
  const base = `http://127.0.0.1:${port}`
  let startupMs = -1
  for (let attempt = 0; attempt < 400 && startupMs < 0; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) startupMs = performance.now() - started
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  if (startupMs < 0) {
    child.kill()
    throw new Error('the server did not start')
  }
  return {
    child,
    base,
    startupMs,
    sandboxBase: (region) => `http://127.0.0.1:${sandboxPort + (region === 'sg' ? 0 : 1)}`,
    rssMb: () => rssOf(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
  } catch {
    return -1
  }
}
