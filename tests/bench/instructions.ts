/**
 * `npm run bench:instructions`: what one request costs in instructions, counted by Valgrind's
 * callgrind, for the BFF of this tree and the bare pass-through (and, with
 * `BENCH_INSTRUCTIONS_AGAINST=<another checkout>`, that tree's BFF too). Requests per second and
 * CPU time move ±10 % per window with a shared host's neighbours (ADR 0116); instructions do not,
 * so a change of a few percent shows here first (ADR 0118), and two trees compare on any host.
 *
 * `BENCH_INSTRUCTIONS_ROW` picks the request: `api` (default: the `/api` call, beside the
 * pass-through), `page` (the signed-out home from the page cache), `not-found` (a visitor's 404)
 * or `signed-in` (the sign-in page rendered for a signed-in session).
 *
 * Each process runs under callgrind with counting off, is warmed, then counts over windows of one
 * call at a time (no batching that would depend on the host's speed). The count is split into the
 * garbage collector, the compilers (V8 tiers code up on its own schedule, and bytecode flushed on a
 * timer is compiled again) and the rest: the rest, the code a call runs, is what the lines compare.
 * Needs `valgrind` (Debian's package); slow: about four minutes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { US_ACCOUNT } from '../../sandbox/index.ts'
import {
  cookiesOf,
  DEPLOYED_MALLOC_ARENA_MAX,
  deployedEnv,
  deployedNodeFlags,
  ROOT,
  signedInCookie,
} from './server.ts'

const WARM_CALLS = Number(process.env.BENCH_INSTRUCTIONS_WARM ?? 5000)
const WINDOW_CALLS = Number(process.env.BENCH_INSTRUCTIONS_CALLS ?? 2000)
const WINDOWS = Number(process.env.BENCH_INSTRUCTIONS_WINDOWS ?? 3)
const AGAINST = process.env.BENCH_INSTRUCTIONS_AGAINST
const API_PATH = '/basic-login/registerEmailCheck/4'
const HEADERS = {
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  'sec-fetch-site': 'same-origin',
  'x-time-zone': 'America/Chicago',
  'user-agent': 'Mozilla/5.0 Chrome/140.0',
  'accept-language': 'en-US,en;q=0.9',
}
const BODY = JSON.stringify({ email: US_ACCOUNT.email })
const PAGE_HEADERS = { 'user-agent': HEADERS['user-agent'], 'accept-language': HEADERS['accept-language'] }
/** The requests a row can count: what each tree answers, and the status it must answer with. */
const ROWS = {
  api: { name: '/api registerEmailCheck', method: 'POST', path: `/api${API_PATH}`, status: 200 },
  page: { name: '/ (cached)', method: 'GET', path: '/', status: 200 },
  'not-found': { name: "a visitor's 404", method: 'GET', path: '/auth/no_such_page', status: 404 },
  'signed-in': {
    name: '/auth/sign_in signed in (render)',
    method: 'GET',
    path: '/auth/sign_in',
    status: 200,
  },
} as const
const ROW_NAME = (process.env.BENCH_INSTRUCTIONS_ROW ?? 'api') as keyof typeof ROWS
const ROW = ROWS[ROW_NAME]
if (!ROW) {
  console.error(`BENCH_INSTRUCTIONS_ROW must be one of ${Object.keys(ROWS).join(', ')}`)
  process.exit(1)
}

/** Functions of V8's collector and of its compilers, by their C++ names in the node binary. */
const COLLECTOR =
  /v8::internal::(\w*(Mark|Sweep|Scaveng|Evacuat|Compact|Heap|GC|Remembered|SlotSet|MemoryAllocator|PagedSpace|NewSpace|Worklist|ObjectVisitor|BodyDescriptor|MainAllocator|LocalAllocationBuffer|Marking|Minor|Young|Page|FreeList|Reloc|IterateObjectCache|NeedsReset|Flush|Weak|Ephemeron|Space)|HeapObject::SizeFromMap)|heap::base|cppgc|__memset/
const COMPILERS =
  /v8::internal::(compiler|maglev|turboshaft|interpreter|Compiler|Parser|Scanner|Zone|OptimizingCompile|baseline)|v8::internal::\w*(Compil|Zone|Parse)/
/** Node's event-loop delay histogram, read on a timer (ADR 0068): time-bound, not per call. */
const TIMERS = /hdr_|all_values_iter_next|HistogramImpl/

if (spawnSyncOk('callgrind_control', ['--version']) === false) {
  console.error('bench:instructions needs Valgrind: apt-get install -y valgrind')
  process.exit(1)
}

function spawnSyncOk(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

interface Counted {
  label: string
  windows: Array<{ all: number; collector: number; compilers: number; rest: number }>
}

async function waitFor(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 1800; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`)
    if (await fetch(url).catch(() => undefined)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} never answered`)
}

/** Every process started, stopped when this one ends, however: one tree failing ends the run. */
const children: ChildProcess[] = []
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

/** Starts the sandbox, then `script` under callgrind (counting off), and counts its calls. */
async function count(
  label: string,
  tree: string,
  port: number,
  kind: 'bff' | 'passthrough',
): Promise<Counted> {
  const sandboxPort = port + 2
  const sandbox = spawn(process.execPath, [path.join(tree, 'tests/bench/sandbox-process.ts')], {
    cwd: tree,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...deployedEnv(), SANDBOX_PORT: String(sandboxPort), LINK_ORIGIN: `http://127.0.0.1:${port}` },
  })
  children.push(sandbox)
  const topology = await new Promise<string>((resolve, reject) => {
    let out = ''
    sandbox.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '')
    })
    sandbox.once('exit', (code) => reject(new Error(`the sandbox process ended (${code})`)))
  })
  const outFile = `/tmp/bench-instructions-${port}-${process.pid}.out`
  const script =
    kind === 'bff'
      ? path.join(tree, 'server/server.ts')
      : path.join(tree, 'tests/bench/passthrough-process.ts')
  // callgrind_control finds the process by a file named after the HOST variable: the same in both.
  const env = { ...deployedEnv(), HOST: '127.0.0.1' }
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      ...deployedNodeFlags(),
      script,
    ],
    {
      cwd: tree,
      stdio: ['ignore', 'ignore', 'ignore'],
      env: {
        ...env,
        NODE_ENV: 'production',
        MALLOC_ARENA_MAX: DEPLOYED_MALLOC_ARENA_MAX,
        SANDBOX: 'off',
        UPSTREAMS_JSON: topology,
        SESSION_KEYS: randomBytes(32).toString('base64'),
        // Required in production with real upstreams (issue 46).
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        PORT: String(port),
        METRICS_PORT: String(port + 8),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SIGN_UP: '999999/1s',
        // The 404 row of a tree that renders it per request: the per-IP render budget would refuse.
        RATE_LIMIT_RENDER: '999999/1s',
        // Ten times slower under Valgrind: no renders to warm, no shedding of a slow loop.
        WARM_UP_RENDERS: '0',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        PASSTHROUGH_PORT: String(port),
        PASSTHROUGH_UPSTREAM: `http://127.0.0.1:${sandboxPort + 1}`,
      },
    },
  )
  children.push(child)
  try {
    const base = `http://127.0.0.1:${port}`
    await waitFor(kind === 'bff' ? `${base}/healthz` : `${base}/api/`, child)
    const url = kind === 'bff' ? `${base}${ROW.path}` : `${base}/api${API_PATH}`
    // The pass-through only forwards /api: it is counted on the /api call whatever the row.
    const request =
      kind === 'passthrough' || ROW.method === 'POST'
        ? { method: 'POST' as const, headers: HEADERS, body: BODY }
        : { method: 'GET' as const, headers: PAGE_HEADERS }
    // The cookie a browser has by then: a signed-in session's, or the region's from a first /api
    // call (a signed-out page is asked without one).
    let cookie = ''
    if (kind === 'bff' && ROW_NAME === 'signed-in') cookie = await signedInCookie(base, HEADERS)
    else if (request.method === 'POST') {
      const first = await fetch(url, request)
      if (first.status !== 200) throw new Error(`${label}: the first call answered ${first.status}`)
      cookie = cookiesOf(first)
    }
    const expected = kind === 'bff' ? ROW.status : 200
    const calls = (amount: number) =>
      autocannon({
        url,
        ...request,
        headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
        connections: 1,
        amount,
        timeout: 60,
      })
    // A 404 row is answered with 404 on purpose: there, any other status is the failure.
    const failed = (result: autocannon.Result) =>
      expected === 200
        ? result.non2xx + result.errors
        : result.errors + result.requests.total - (result.statusCodeStats?.[`${expected}`]?.count ?? 0)
    const control = (...args: string[]) =>
      execFileSync('callgrind_control', [...args, String(child.pid)], { env, stdio: 'ignore' })
    const warm = await calls(WARM_CALLS)
    if (failed(warm))
      throw new Error(
        `${label}: ${failed(warm)} failed warm-up calls: ${JSON.stringify(warm.statusCodeStats)}, ${warm.timeouts} time-outs`,
      )
    const counted: Counted = { label, windows: [] }
    for (let window = 1; window <= WINDOWS; window++) {
      control('-z')
      control('-i', 'on')
      const result = await calls(WINDOW_CALLS)
      control('-i', 'off')
      control('-d')
      if (failed(result))
        throw new Error(
          `${label}: failed calls in a counted window: ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors, ${result.timeouts} time-outs`,
        )
      const dump = `${outFile}.${window}`
      await new Promise((resolve) => setTimeout(resolve, 500))
      counted.windows.push(split(dump, result.requests.total))
      rmSync(dump, { force: true })
    }
    return counted
  } finally {
    child.kill('SIGKILL')
    sandbox.kill()
    rmSync(outFile, { force: true })
  }
}

/** Thousands of instructions per call in one dump, by where they ran. */
function split(dump: string, calls: number) {
  const annotated = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', dump], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
  let all = 0
  let collector = 0
  let compilers = 0
  let timers = 0
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line)
    if (!match?.[1] || !match[2] || match[2].startsWith('PROGRAM TOTALS')) continue
    const instructions = Number(match[1].replaceAll(',', ''))
    all += instructions
    if (COLLECTOR.test(match[2])) collector += instructions
    else if (COMPILERS.test(match[2])) compilers += instructions
    else if (TIMERS.test(match[2])) timers += instructions
  }
  const perCall = (value: number) => value / calls / 1000
  return {
    all: perCall(all),
    collector: perCall(collector),
    compilers: perCall(compilers),
    rest: perCall(all - collector - compilers - timers),
  }
}

const middle = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const half = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2
}

const started = Date.now()
// All at once: counts do not depend on the host's speed, only the wall time does.
const counted = await Promise.all([
  count('BFF (this tree)', ROOT, 3600, 'bff'),
  ...(ROW_NAME === 'api' ? [count('pass-through', ROOT, 3700, 'passthrough')] : []),
  ...(AGAINST ? [count(`BFF (${AGAINST})`, path.resolve(AGAINST), 3800, 'bff')] : []),
])
const k = (value: number) => `${value.toFixed(1)} k`
for (const { label, windows } of counted) {
  console.log(
    `${label}: ${windows
      .map(
        (window, index) =>
          `window ${index + 1}: ${k(window.rest)} (all ${k(window.all)}, collector ${k(window.collector)}, compilers ${k(window.compilers)})`,
      )
      .join('; ')}`,
  )
}
const rests = counted.map(({ windows }) => middle(windows.map((window) => window.rest)))
const bff = rests[0] ?? 0
const passthrough = ROW_NAME === 'api' ? rests[1] : undefined
const other = AGAINST ? rests[rests.length - 1] : undefined
console.log(
  `${ROW.name}, instructions per call outside the collector and the compilers (median of ${WINDOWS} windows of ${WINDOW_CALLS} calls, one at a time): BFF ${k(bff)}` +
    (passthrough === undefined
      ? ''
      : `, pass-through ${k(passthrough)}: the pass-through's is ${((passthrough / bff) * 100).toFixed(0)} % of the BFF's`) +
    (other === undefined
      ? ''
      : `; ${AGAINST}: ${k(other)} (this tree ${((bff / other - 1) * 100).toFixed(1)} %)`) +
    ` (${Math.round((Date.now() - started) / 1000)} s)`,
)
process.exit(0)
