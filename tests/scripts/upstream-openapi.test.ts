import { validate } from '@readme/openapi-parser'
import t from 'tap'
import { parse } from 'yaml'
import { openApiPath } from '../../scripts/upstream/openapi.ts'
import { readCheckedInDocument, renderUpstreamDocument } from '../../scripts/upstream-openapi.ts'
import { ENDPOINT_NAMES, ENDPOINTS } from '../../shared/api/endpoints.ts'
import { RET_CODE_NOTES } from '../../shared/api/upstream-notes.ts'

type Operation = {
  operationId: string
  'x-ret-codes': Record<string, { source: string }>
  requestBody?: { content: Record<string, unknown> }
  parameters: { name: string; in: string }[]
}
type Document = { paths: Record<string, Record<string, Operation>> }

function operations(document: Document): Operation[] {
  return Object.values(document.paths).flatMap((item) => Object.values(item))
}

t.test('docs/upstream/openapi.yaml is what the table and schemas generate', async (t) => {
  const checkedIn = await readCheckedInDocument()
  t.ok(
    checkedIn === renderUpstreamDocument(),
    'docs/upstream/openapi.yaml is out of step with the endpoint table or the schemas: run npm run upstream:openapi',
  )
})

t.test('the document is valid OpenAPI 3.1 (@readme/openapi-parser)', async (t) => {
  const document = parse(await readCheckedInDocument())
  t.equal(document.openapi, '3.1.0')
  const result = await validate(document)
  t.ok(result.valid, result.valid ? 'valid' : JSON.stringify(result.errors))
  t.same(result.warnings, [], 'no warnings')
})

t.test('the validator refuses a broken document (it can fail)', async (t) => {
  const document = parse(await readCheckedInDocument()) as Document
  const [first] = operations(document)
  // Two operations with one id, and a path parameter nobody declares.
  document.paths['/broken/{id}'] = { post: { ...(first as Operation), parameters: [] } }
  const result = await validate(document as never)
  t.notOk(result.valid)
})

t.test('every endpoint of the table appears with its method, encoding and retCodes', async (t) => {
  const document = parse(await readCheckedInDocument()) as Document
  const byId = new Map(operations(document).map((operation) => [operation.operationId, operation]))
  t.equal(byId.size, ENDPOINT_NAMES.length, 'one operation per endpoint, no more')
  for (const name of ENDPOINT_NAMES) {
    const endpoint = ENDPOINTS[name]
    const method = endpoint.upstreamMethod.toLowerCase()
    const operation = document.paths[openApiPath(endpoint.path)]?.[method]
    t.equal(operation?.operationId, name, `${name}: ${endpoint.upstreamMethod} ${openApiPath(endpoint.path)}`)
    if (!operation) continue
    if (method === 'post') {
      const mediaType = endpoint.json ? 'application/json' : 'application/x-www-form-urlencoded'
      t.ok(operation.requestBody?.content[mediaType], `${name} is sent as ${mediaType}`)
    }
    t.ok(operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'language'))
    const codes = operation['x-ret-codes']
    t.ok(codes['000000'] && codes['999999'], `${name} lists success and 999999`)
    for (const [code, entry] of Object.entries(codes)) {
      const known = RET_CODE_NOTES[code as keyof typeof RET_CODE_NOTES]
      t.equal(
        entry.source,
        known.source === 'spec' ? 'from the spec' : 'assumed here',
        `${name} ${code} is marked`,
      )
    }
  }
})

t.test('the codes chosen here are marked "assumed here" (ADR 0055)', async (t) => {
  const document = parse(await readCheckedInDocument()) as Document
  const consoleLogin = operations(document).find((operation) => operation.operationId === 'consoleLogin')
  t.equal(consoleLogin?.['x-ret-codes']['700702']?.source, 'assumed here')
  t.equal(consoleLogin?.['x-ret-codes']['700703']?.source, 'assumed here')
  t.equal(consoleLogin?.['x-ret-codes']['700211']?.source, 'from the spec')
})
