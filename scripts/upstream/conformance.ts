import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { parse } from 'yaml'
import type { UpstreamExchange } from '../../server/upstream/client.server.ts'
import { envelopeFromJson } from '../../shared/api/response.ts'

/**
 * Compares upstream exchanges with docs/upstream/openapi.yaml: the request the BFF sent (path
 * parameters, query or body, language header, bearer) and the answer (the envelope, the call's
 * retCodes, the success fields the BFF reads). The sandbox-conformance test and the contract
 * suite (`npm run test:contract`) both use it, so the stand-in and a real environment are held
 * to the same description.
 */

export const OPENAPI_PATH = fileURLToPath(new URL('../../docs/upstream/openapi.yaml', import.meta.url))

export type JsonSchema = Record<string, unknown>

interface Parameter {
  name: string
  in: 'header' | 'path' | 'query'
  required?: boolean
  schema: JsonSchema
}

interface Operation {
  operationId: string
  security: Record<string, string[]>[]
  parameters: Parameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: { '200': { content: { 'application/json': { schema: JsonSchema } } } }
}

export interface UpstreamDocument {
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>
}

export interface Verdict {
  /** The operation the exchange belongs to; undefined when the document has none for it. */
  name: string | undefined
  /** Empty when the exchange conforms; otherwise one line per difference. */
  differences: string[]
}

// ajv-formats is CommonJS with its function as the default export; under Node's ESM interop the
// module object may arrive in place of the function.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map(
      (error) =>
        `${error.instancePath || '/'} ${error.message ?? error.keyword}${error.keyword === 'enum' ? ` (${JSON.stringify(error.params.allowedValues)})` : ''}`,
    )
    .join('; ')
}

interface CompiledOperation {
  name: string
  method: 'GET' | 'POST'
  pattern: RegExp
  paramNames: string[]
  operation: Operation
  request: ValidateFunction
  answer: ValidateFunction
  pathParams: ValidateFunction
}

export class ContractChecker {
  readonly #operations: CompiledOperation[] = []
  readonly names: string[] = []

  /**
   * `compile` replaces ajv's own compile: the tests' checker (tests/support/upstream-conformance.ts)
   * keeps each compiled validator on disk for the next test process; `source` keeps the code ajv
   * generates, which that needs.
   */
  constructor(
    document: UpstreamDocument,
    options: { compile?: (ajv: Ajv2020, schema: JsonSchema) => ValidateFunction; source?: boolean } = {},
  ) {
    // strict: false — the schemas carry OpenAPI annotations (description) zod wrote; allErrors so
    // a report names every difference of an answer, not the first.
    const ajv = new Ajv2020({ strict: false, allErrors: true, code: { source: options.source ?? false } })
    addFormats(ajv)
    const compile = options.compile ?? ((schemaAjv, schema) => schemaAjv.compile(schema))
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
        const paramNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string)
        const pattern = new RegExp(
          `^${path
            .split(/\{\w+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('([^/]+)')}$`,
        )
        const parameters = (where: Parameter['in']) => operation.parameters.filter((p) => p.in === where)
        const objectOf = (list: Parameter[]): JsonSchema => ({
          type: 'object',
          properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
          required: list.filter((p) => p.required).map((p) => p.name),
        })
        const body = operation.requestBody
          ? (Object.values(operation.requestBody.content)[0]?.schema ?? {})
          : objectOf(parameters('query'))
        // Compiled on first use: a test that sees three calls compiles three operations, not all.
        const lazy = (schema: JsonSchema) => {
          let compiled: ValidateFunction | undefined
          const validate = ((data: unknown) => {
            compiled ??= compile(ajv, schema)
            const valid = compiled(data)
            validate.errors = compiled.errors
            return valid
          }) as ValidateFunction
          return validate
        }
        this.#operations.push({
          name: operation.operationId,
          method: method.toUpperCase() as 'GET' | 'POST',
          pattern,
          paramNames,
          operation,
          request: lazy(body),
          answer: lazy(operation.responses['200'].content['application/json'].schema),
          pathParams: lazy(objectOf(parameters('path'))),
        })
        this.names.push(operation.operationId)
      }
    }
  }

  static async fromFile(file: string = OPENAPI_PATH): Promise<ContractChecker> {
    return new ContractChecker(parse(await readFile(file, 'utf8')) as UpstreamDocument)
  }

  /** The operation of an upstream path (`/basic-login/account/checkResetPwdLink/abc`). */
  find(
    method: string,
    path: string,
  ): { compiled: CompiledOperation; params: Record<string, string> } | undefined {
    const bare = path.split('?')[0] ?? ''
    for (const compiled of this.#operations) {
      if (compiled.method !== method.toUpperCase()) continue
      const match = compiled.pattern.exec(bare)
      if (!match) continue
      const params = Object.fromEntries(
        compiled.paramNames.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      )
      return { compiled, params }
    }
    return undefined
  }

  /** The request only: what the BFF would send (the contract suite checks it before sending). */
  checkRequest(name: string, data: Record<string, unknown>): string[] {
    const compiled = this.#operations.find((operation) => operation.name === name)
    if (!compiled) return [`${name} is not in the document`]
    return compiled.request(data) ? [] : [`request: ${describe(compiled.request.errors)}`]
  }

  check(exchange: UpstreamExchange): Verdict {
    const found = this.find(exchange.method, exchange.path)
    if (!found)
      return { name: undefined, differences: [`${exchange.method} ${exchange.path} is not in the document`] }
    const { compiled, params } = found
    const differences: string[] = []
    if (!compiled.pathParams(params)) differences.push(`path: ${describe(compiled.pathParams.errors)}`)
    const data = (exchange.method === 'GET' ? exchange.query : exchange.body) ?? {}
    if (!compiled.request(data)) differences.push(`request: ${describe(compiled.request.errors)}`)
    const mediaType = compiled.operation.requestBody
      ? Object.keys(compiled.operation.requestBody.content)[0]
      : undefined
    if (mediaType && (mediaType === 'application/json') !== exchange.json) {
      differences.push(`request: sent as ${exchange.json ? 'JSON' : 'a form'}, described as ${mediaType}`)
    }
    if (compiled.operation.security.length > 0 && !exchange.bearer) {
      differences.push('request: no bearer token, the call needs one')
    }
    differences.push(...this.checkAnswer(compiled, exchange.status, exchange.answer))
    return { name: compiled.name, differences }
  }

  checkAnswer(compiled: CompiledOperation, status: number, answer: unknown): string[] {
    if (status !== 200) return [`answer: HTTP ${status}, described as 200 with the envelope`]
    // The BFF reads retCode from `code` too and retMsg from `error`/`message` (spec §3): compare
    // the envelope as the BFF reads it, so a real upstream using those names still conforms.
    const envelope = envelopeFromJson(answer)
    const read =
      envelope && typeof answer === 'object' && answer !== null
        ? { ...answer, retCode: envelope.retCode, retMsg: envelope.retMsg }
        : answer
    return compiled.answer(read) ? [] : [`answer: ${describe(compiled.answer.errors)}`]
  }
}
