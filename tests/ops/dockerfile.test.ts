import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { ROOT } from '../support/root.ts'

// No Docker engine here: the Dockerfile is checked by two linters from npm (dockerfile-utils for
// syntax and instruction errors, dockerfilelint for best practice) and by what the issue asks of it.
const DOCKERFILE = path.join(ROOT, 'Dockerfile')
const text = readFileSync(DOCKERFILE, 'utf8')
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name)

function syntaxProblems(file: string): string {
  const run = spawnSync(bin('dockerfile-utils'), ['lint', file], { encoding: 'utf8' })
  return `${run.stdout}${run.stderr}`.trim() + (run.status === 0 ? '' : `\nexit ${run.status}`)
}

function practiceProblems(file: string): Array<{ line: string; title: string }> {
  const run = spawnSync(bin('dockerfilelint'), ['--json', file], { encoding: 'utf8' })
  const report = JSON.parse(run.stdout) as {
    files: Array<{ issues: Array<{ line: string; title: string }> }>
  }
  return report.files.flatMap((entry) => entry.issues)
}

/** Stage names (`FROM … AS name`): a later FROM of one of these is a stage, not an image. */
const stages = [...text.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((match) => match[1])

/**
 * dockerfilelint reads `FROM ${NODE_IMAGE}` and `FROM <stage>` as images without a tag; the tag
 * (and digest) of NODE_IMAGE is checked below instead.
 */
function isStageOrBaseArg(line: string): boolean {
  const from = /^FROM\s+(\S+)/.exec(line)?.[1]
  return from === '${NODE_IMAGE}' || stages.includes(from ?? '')
}

t.test('Dockerfile › both linters find nothing', async (t) => {
  t.equal(syntaxProblems(DOCKERFILE), '', 'dockerfile-utils lint')
  const lines = text.split('\n')
  const problems = practiceProblems(DOCKERFILE).filter(
    (issue) =>
      !(issue.title === 'Base Image Missing Tag' && isStageOrBaseArg(lines[Number(issue.line) - 1] ?? '')),
  )
  t.same(problems, [], 'dockerfilelint')
})

t.test('Dockerfile › the linters do catch a bad file (so the check above can fail)', async (t) => {
  const bad = path.join(mkdtempSync(path.join(tmpdir(), 'dockerfile-')), 'Dockerfile')
  writeFileSync(bad, 'FROM node\nRUN apt-get install curl\nEXPOSE web\nCOPY onlyone\n')
  t.match(syntaxProblems(bad), /COPY requires at least two arguments/)
  t.ok(practiceProblems(bad).some((issue) => /Tag/.test(issue.title)))
})

/** The instructions of one stage, from its FROM line up to the next. */
function stage(name: string): string {
  const start = text.search(new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${name}$`, 'm'))
  if (start < 0) return ''
  const next = text.slice(start + 1).search(/^FROM /m)
  return next < 0 ? text.slice(start) : text.slice(start, start + 1 + next)
}

t.test('Dockerfile › one pinned Node base, the Node major the project runs', async (t) => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  const nodeMajor = String(pkg.devDependencies.node).split('.')[0]
  const nodeImage = /^ARG NODE_IMAGE=(\S+)$/m.exec(text)?.[1] ?? ''
  t.match(
    nodeImage,
    new RegExp(`^node:${nodeMajor}\\.\\d+\\.\\d+-[a-z]+-slim@sha256:[0-9a-f]{64}$`),
    'NODE_IMAGE: an exact Node version pinned by digest',
  )
  const images = [...text.matchAll(/^FROM\s+(\S+)/gm)]
    .map((match) => match[1])
    .filter((from) => !stages.includes(from ?? ''))
  t.ok(images.length >= 2, 'more than one stage starts from an image')
  t.same([...new Set(images)], ['${NODE_IMAGE}'], 'every stage starts from NODE_IMAGE or a stage')
})

t.test('Dockerfile › build, then the traced file set only; non-root, tini, no npm', async (t) => {
  const build = stage('build')
  t.match(build, /^RUN npm ci --no-audit/m, 'build stage: every dependency')
  t.match(build, /vike build/, 'build stage: the pages')
  t.match(build, /node build\/runtime-files\.ts \/runtime(?!-)/, 'the runtime file set, traced')
  t.match(build, /node build\/runtime-files\.ts \/runtime-demo --demo/, 'the demo file set, with the sandbox')

  const runtime = stage('runtime')
  t.ok(text.trimEnd().endsWith(runtime.trimEnd()), 'runtime is the last stage: the default target')
  t.same(
    [...runtime.matchAll(/^COPY .*$/gm)].map((match) => match[0]),
    ['COPY --from=build --chown=0:0 /runtime ./'],
    'the runtime image gets the traced set and nothing else (no sandbox/)',
  )
  t.notMatch(runtime, /SANDBOX/, 'the runtime target does not turn the sandbox on')
  const demo = stage('demo')
  t.match(demo, /COPY --from=build --chown=0:0 \/runtime-demo \.\//, 'demo: the set with the sandbox')
  t.match(demo, /^ENV SANDBOX=on$/m, 'demo: the sandbox answers')

  const base = stage('base')
  t.match(base, /rm -rf \/usr\/local\/lib\/node_modules /, 'npm and corepack removed')
  for (const tool of ['npm', 'npx', 'corepack', 'yarn'])
    t.match(base, new RegExp(`/usr/local/bin/${tool}\\b`), `${tool} link removed`)
  t.match(base, /^USER \d+:\d+$/m, 'a numeric non-root user')
  t.notMatch(text, /^USER (0|root)/m)
  t.match(base, /^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m, 'tini passes signals to Node')
  t.match(
    base,
    /^CMD \["node", "--no-allocation-site-pretenuring", "server\/server\.ts"\]$/m,
    'Node runs the TypeScript itself, no tsx, without pretenuring (ADR 0120)',
  )
  t.match(base, /NODE_ENV=production/)
  t.notMatch(text, /^HEALTHCHECK/m, 'Kubernetes probes check health')
})

t.test('Dockerfile › OCI labels from build arguments', async (t) => {
  const base = stage('base')
  for (const [label, arg] of [
    ['source', 'SOURCE'],
    ['revision', 'REVISION'],
    ['version', 'VERSION'],
    ['created', 'CREATED'],
  ]) {
    t.match(base, new RegExp(`^ARG ${arg}=`, 'm'), `build argument ${arg}`)
    t.match(base, new RegExp(`org\\.opencontainers\\.image\\.${label}="\\$\\{${arg}\\}"`), `label ${label}`)
  }
})

t.test('.dockerignore › tests, docs, git history and local caches stay out of the build', async (t) => {
  const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
  for (const entry of ['.git', 'tests', 'docs', 'node_modules', 'dist', '.cache', '.env']) {
    t.ok(ignored.includes(entry), `${entry} is ignored`)
  }
})
