import { z } from 'zod'
import { FORWARD_PATH } from '../../server/upstream/client.server.ts'
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.ts'
import {
  CHANNEL_AUTH_PRODUCTS,
  RET_CODE_NOTES,
  UPSTREAM_NOTES,
  type UpstreamNote,
} from '../../shared/api/upstream-notes.ts'

/**
 * docs/upstream/openapi.yaml, built from the endpoint table (shared/api/endpoints/*.ts), the zod
 * request schemas (shared/api/schemas.ts) and the hand-kept notes (shared/api/upstream-notes.ts).
 * `npm run upstream:openapi` writes it; tests/scripts/upstream-openapi.test.ts fails when the
 * checked-in file differs.
 */

type JsonSchema = Record<string, unknown>

/** OpenAPI 3.1 schemas are JSON Schema 2020-12, zod's default target; the dialect is the document's. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  // io 'input': what is sent (defaults are optional); 'any' for the refinements JSON Schema cannot say.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  return rest
}

/** `basic-login/x/{id}` and `:id` placeholders → `/basic-login/x/{id}` */
export function openApiPath(path: string): string {
  return `/${path.replace(/:(\w+)/g, '{$1}')}`
}

function placeholders(path: string): string[] {
  return [...openApiPath(path).matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string)
}

function retCodeTable(codes: readonly string[]): string {
  const rows = codes.map((code) => {
    const entry = RET_CODE_NOTES[code as keyof typeof RET_CODE_NOTES]
    return `| ${code} | ${entry.meaning} | ${entry.source === 'spec' ? 'from the spec' : 'assumed here'} |`
  })
  return ['| retCode | meaning | source |', '|---|---|---|', ...rows].join('\n')
}

/** Codes of one call: success, the call's own, and 999999 which any call may answer. */
export function retCodesOf(name: EndpointName): string[] {
  const note: UpstreamNote = UPSTREAM_NOTES[name]
  return ['000000', ...new Set([...note.retCodes, '999999'])]
}

/** The envelope (spec §3, §8) with this call's codes, and on success the fields the BFF reads. */
function answerSchema(name: EndpointName): JsonSchema {
  const note: UpstreamNote = UPSTREAM_NOTES[name]
  const success: JsonSchema = { properties: {} as Record<string, unknown> }
  const required: string[] = []
  if (note.item) {
    ;(success.properties as Record<string, unknown>).item = jsonSchemaOf(note.item)
    required.push('item')
  }
  if (note.items) {
    ;(success.properties as Record<string, unknown>).items = {
      type: 'array',
      items: jsonSchemaOf(note.items),
    }
    required.push('items')
  }
  if (required.length) success.required = required
  return {
    type: 'object',
    required: ['retCode'],
    properties: {
      retCode: { type: 'string', enum: retCodesOf(name) },
      retMsg: { type: 'string' },
      item: { type: 'object' },
      items: { type: 'array', items: {} },
    },
    // JSON Schema's if/then (a key named `then`, not a thenable): on success, the fields the BFF reads.
    ...(required.length
      ? Object.fromEntries([
          ['if', { properties: { retCode: { const: '000000' } } }],
          ['then', success],
        ])
      : {}),
  }
}

const LANGUAGE_HEADER = {
  name: 'language',
  in: 'header',
  required: true,
  description: 'Every call carries it (spec §7); selects the language of retMsg.',
  schema: { type: 'string', enum: ['en', 'zh'] },
}

const REQUEST_ID_HEADER = {
  name: 'x-request-id',
  in: 'header',
  required: false,
  description: "The BFF's request id, so upstream logs can be matched with the BFF's (assumed here).",
  schema: { type: 'string', maxLength: 200 },
}

function pathParameter(name: string): JsonSchema {
  return {
    name,
    in: 'path',
    required: true,
    schema:
      name === 'product'
        ? { type: 'string', enum: [...CHANNEL_AUTH_PRODUCTS] }
        : { type: 'string', minLength: 1 },
  }
}

function operation(name: EndpointName): { path: string; method: 'get' | 'post'; body: JsonSchema } {
  const endpoint = ENDPOINTS[name]
  const note: UpstreamNote = UPSTREAM_NOTES[name]
  const request = jsonSchemaOf(note.upstreamRequest ?? endpoint.schema)
  const method = endpoint.upstreamMethod === 'GET' ? 'get' : 'post'
  const parameters: JsonSchema[] = [
    LANGUAGE_HEADER,
    REQUEST_ID_HEADER,
    ...placeholders(endpoint.path).map(pathParameter),
  ]
  const op: JsonSchema = {
    operationId: name,
    summary: note.summary,
    description: [
      `Who calls it: ${endpoint.access === 'page' ? 'a page through /api' : endpoint.access === 'flow' ? 'only a flow module of the BFF' : 'nothing reachable from outside (internal)'}.`,
      endpoint.session === 'signsIn'
        ? 'A success signs in: the BFF keeps item.token in the sealed session and strips it.'
        : '',
      `Request fields: ${note.requestSource === 'spec' ? 'from the spec' : 'assumed here'}. Answer fields: ${note.answerSource === 'spec' ? 'from the spec' : 'assumed here'}.`,
      note.readOnly
        ? 'Read-only or idempotent: the contract suite calls it by default.'
        : 'Changes state: the contract suite calls it only with --write and a test account.',
    ]
      .filter(Boolean)
      .join(' '),
    tags: [endpoint.access],
    security: note.auth === 'none' ? [] : [{ [note.auth]: [] }],
    'x-access': endpoint.access,
    'x-read-only': note.readOnly,
    'x-request-source': note.requestSource,
    'x-answer-source': note.answerSource,
    'x-ret-codes': Object.fromEntries(
      retCodesOf(name).map((code) => {
        const entry = RET_CODE_NOTES[code as keyof typeof RET_CODE_NOTES]
        return [
          code,
          { meaning: entry.meaning, source: entry.source === 'spec' ? 'from the spec' : 'assumed here' },
        ]
      }),
    ),
    parameters,
    responses: {
      '200': {
        description: `The envelope (spec §3). retCodes the BFF handles for this call:\n\n${retCodeTable(retCodesOf(name))}`,
        content: { 'application/json': { schema: answerSchema(name) } },
      },
    },
  }
  if (method === 'get') {
    const properties = (request.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set((request.required ?? []) as string[])
    for (const [field, schema] of Object.entries(properties)) {
      parameters.push({ name: field, in: 'query', required: required.has(field), schema })
    }
  } else {
    const mediaType = endpoint.json ? 'application/json' : 'application/x-www-form-urlencoded'
    op.requestBody = { required: true, content: { [mediaType]: { schema: request } } }
  }
  return { path: openApiPath(endpoint.path), method, body: op }
}

export function buildUpstreamDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const name of ENDPOINT_NAMES) {
    const { path, method, body } = operation(name)
    paths[path] = { ...(paths[path] ?? {}), [method]: body }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Regional upstream services as the account edge BFF calls them',
      version: '1',
      description: [
        'GENERATED by `npm run upstream:openapi` from shared/api/endpoints/*.ts, shared/api/schemas.ts and shared/api/upstream-notes.ts: edit those, not this file.',
        'Every call the BFF makes to the regional upstream (sg, us, hk, ten), whatever the environment (sg-k8s, sg-grey, us-k8s, hk, ten-test, ten).',
        'Every answer is HTTP 200 with the envelope { retCode, retMsg, item, items }; the BFF also reads `code` for retCode and `error`/`message` for retMsg (spec §3, §8). 5xx, a non-JSON body or one over 1 MiB is a failure of the upstream.',
        `Forward mode (spec §7): where an environment is reachable only through a forwarder, every call is one POST to ${FORWARD_PATH} on the forwarder with the wrapper { url, method, domain, env, contentType, payload } (operation channelForward); the forwarder answers the envelope with item { status, body } holding the inner answer, which then follows the operation described here.`,
        'Items are marked "from the spec" or "assumed here" (chosen by this project; the embedded sandbox answers it). See docs/upstream/README.md.',
      ].join('\n\n'),
    },
    servers: [
      {
        url: '{upstream}',
        variables: {
          upstream: {
            default: 'http://localhost',
            description: "An environment's upstream base URL (UPSTREAM_<ENV> / the chart's region values).",
          },
        },
      },
    ],
    tags: [
      { name: 'page', description: 'Pages call it through /api' },
      { name: 'flow', description: 'Only a flow module of the BFF calls it' },
      { name: 'internal', description: 'Not reachable from outside' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "The session's upstream token (sealed in the BFF's cookie, never in the browser).",
        },
        tempToken: {
          type: 'http',
          scheme: 'bearer',
          description: "A pending sign-in's temporary token (spec §7: getToken's bearer temp token).",
        },
      },
    },
  }
}
