import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { ROOT } from '../helper.ts'

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

t.test('Dockerfile › both linters find nothing', async (t) => {
  t.equal(syntaxProblems(DOCKERFILE), '', 'dockerfile-utils lint')
  t.same(practiceProblems(DOCKERFILE), [], 'dockerfilelint')
})

t.test('Dockerfile › the linters do catch a bad file (so the check above can fail)', async (t) => {
  const bad = path.join(mkdtempSync(path.join(tmpdir(), 'dockerfile-')), 'Dockerfile')
  writeFileSync(bad, 'FROM node\nRUN apt-get install curl\nEXPOSE web\nCOPY onlyone\n')
  t.match(syntaxProblems(bad), /COPY requires at least two arguments/)
  t.ok(practiceProblems(bad).some((issue) => /Tag/.test(issue.title)))
})

t.test(
  'Dockerfile › multi-stage on the Node major the project runs, non-root, tini, no HEALTHCHECK',
  async (t) => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
    const nodeMajor = String(pkg.devDependencies.node).split('.')[0]
    const bases = [...text.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1])
    t.ok(bases.length >= 2, 'more than one stage')
    for (const base of bases)
      t.match(
        base,
        new RegExp(`^node:${nodeMajor}\\.[\\d.]+-[a-z]+-slim$`),
        `${base} is Node ${nodeMajor} slim`,
      )
    t.match(text, /^RUN npm ci --no-audit/m, 'build stage: every dependency')
    t.match(text, /vike build/, 'build stage: the pages')
    t.match(text, /npm ci --omit=dev/, 'runtime: no dev dependencies')
    t.match(text, /^USER \d+:\d+$/m, 'a numeric non-root user')
    t.notMatch(text, /^USER (0|root)/m)
    t.match(text, /^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m, 'tini passes signals to Node')
    t.match(text, /NODE_ENV=production/)
    t.notMatch(text, /^HEALTHCHECK/m, 'Kubernetes probes check health')
  },
)

t.test('.dockerignore › tests, docs, git history and local caches stay out of the build', async (t) => {
  const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
  for (const entry of ['.git', 'tests', 'docs', 'node_modules', 'dist', '.cache', '.env']) {
    t.ok(ignored.includes(entry), `${entry} is ignored`)
  }
})
