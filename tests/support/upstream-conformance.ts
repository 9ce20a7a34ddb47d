import { createHash } from 'node:crypto'
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js'
import type { FastifyInstance } from 'fastify'
import type { ContractChecker, JsonSchema, UpstreamDocument } from '../../scripts/upstream/conformance.ts'
import type { UpstreamExchange } from '../../server/upstream/client.server.ts'

/**
 * Holds every test's sandbox to docs/upstream/openapi.yaml (issue 22 point 2): the app's upstream
 * client reports each exchange, and at teardown the test fails naming every one that deviates.
 * The exchanges are only collected while the test runs (the description is read and compiled at
 * teardown, off the app's start-up). Answers with an HTTP error status are left out: the sandbox
 * gives them only for injected faults and malformed transport (415/400/413), which their own
 * tests check as failures; the contract describes the 200 envelope.
 * tests/sandbox/upstream-conformance.test.ts shows that a deviation fails.
 */

let checker: Promise<ContractChecker> | undefined

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const OPENAPI_PATH = path.join(ROOT, 'docs/upstream/openapi.yaml')
const CACHE_DIR = path.join(ROOT, '.cache')

/**
 * The parsed description, kept as JSON in .cache/ under the hash of the YAML: every test process
 * that checks exchanges needs it, and parsing the 5,600 lines of YAML costs ≈ 0.25 s of CPU where
 * reading the JSON costs 1 ms. A changed description has another hash, so it is parsed afresh.
 */
async function upstreamDocument(): Promise<UpstreamDocument> {
  const text = await readFile(OPENAPI_PATH, 'utf8')
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16)
  const cached = path.join(CACHE_DIR, `openapi-${hash}.json`)
  try {
    return JSON.parse(await readFile(cached, 'utf8')) as UpstreamDocument
  } catch {
    const { parse } = await import('yaml')
    const document = parse(text) as UpstreamDocument
    // Written aside and renamed: a parallel test process reads the whole file or none.
    const partial = `${cached}.${process.pid}`
    await mkdir(CACHE_DIR, { recursive: true })
    await writeFile(partial, JSON.stringify(document))
    await rename(partial, cached)
    return document
  }
}

const requireValidator = createRequire(import.meta.url)
const AJV_VERSION = (requireValidator('ajv/package.json') as { version: string }).version

/**
 * ajv's compile of one schema, kept on disk as the standalone module ajv generates (under the hash
 * of the schema and ajv's version): compiling costs ≈ 0.1 s of CPU a schema, and each test
 * process used to compile the same few again — ≈ 3 % of the tap run's CPU. A changed schema has
 * another hash; the module's code is ajv's own output, so it validates exactly as compiled.
 */
function compileKept(
  standaloneCode: (ajv: Ajv2020, validate: ValidateFunction) => string,
  ajv: Ajv2020,
  schema: JsonSchema,
): ValidateFunction {
  // The options that shape the generated code are part of the key, beside ajv's version.
  const { allErrors, strict } = ajv.opts
  const key = createHash('sha256')
    .update(`${AJV_VERSION}\n${JSON.stringify({ allErrors, strict })}\n${JSON.stringify(schema)}`)
    .digest('hex')
    .slice(0, 20)
  const file = path.join(CACHE_DIR, 'ajv', `${key}.cjs`)
  try {
    return requireValidator(file) as ValidateFunction
  } catch {
    const validate = ajv.compile(schema)
    // Written aside and renamed: a parallel test process reads the whole module or none.
    const partial = `${file}.${process.pid}`
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(partial, standaloneCode(ajv, validate))
    renameSync(partial, file)
    return validate
  }
}

export function watchUpstreamConformance(app: FastifyInstance): () => Promise<void> {
  const exchanges: UpstreamExchange[] = []
  app.upstream.observe((exchange) => {
    if (exchange.status < 400) exchanges.push(exchange)
  })
  return async () => {
    if (exchanges.length === 0) return
    // Loaded here, not at the top: a test file that sees no exchange never pays for ajv.
    checker ??= Promise.all([
      upstreamDocument(),
      import('../../scripts/upstream/conformance.ts'),
      import('ajv/dist/standalone/index.js'),
    ]).then(
      ([document, { ContractChecker }, standalone]) =>
        new ContractChecker(document, {
          compile: (ajv, schema) => compileKept(standalone.default, ajv, schema),
          source: true,
        }),
    )
    const check = await checker
    const deviations = exchanges.flatMap((exchange) => {
      const verdict = check.check(exchange)
      return verdict.differences.length === 0
        ? []
        : [
            `${exchange.method} ${exchange.path} (${verdict.name ?? 'not described'}): ${verdict.differences.join('; ')}`,
          ]
    })
    if (deviations.length > 0) {
      throw new Error(
        `upstream exchanges deviate from docs/upstream/openapi.yaml (see docs/upstream/README.md):\n${deviations.join('\n')}`,
      )
    }
  }
}
