// `npm start`: build what is missing or stale, then serve the production build. With no upstream
// configured it runs against the embedded sandbox (the server's log says where to look).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const entry = path.join(root, 'dist/server/entry.mjs')

function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  )
}

const sources = ['client', 'shared', 'vite.config.ts', 'package-lock.json'].map((p) =>
  newestMtime(path.join(root, p)),
)
const stale = !existsSync(entry) || Math.max(...sources) > statSync(entry).mtimeMs
if (stale) {
  console.log('Building the pages (vike build)…')
  const build = spawnSync('npx', ['vike', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const configured = process.env.UPSTREAMS_JSON || process.env.UPSTREAMS_FILE
const env = {
  NODE_ENV: 'production',
  LOG_FORMAT: 'pretty',
  // This machine only, unless HOST says otherwise: there the plain http session cookie every
  // browser keeps is safe (ADR 0155).
  HOST: '127.0.0.1',
  ...(configured ? {} : { SANDBOX: 'on' }),
  ...process.env,
}
// As the image runs it: V8's pretenuring costs the /api call ≈ 25–35 % of its CPU (ADR 0120).
const server = spawn(
  process.execPath,
  ['--no-allocation-site-pretenuring', path.join(root, 'server/server.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
)
// The server shuts down gracefully on these; pass them on instead of dying first.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
