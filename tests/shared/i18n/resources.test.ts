import t from 'tap'
import type { z } from 'zod'
import { ENDPOINT_NAMES, ENDPOINTS } from '../../../shared/api/endpoints.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import { NAMESPACES, resources } from '../../../shared/i18n/resources.ts'
import * as channel from '../../../shared/schemas/channel.ts'
import * as demo from '../../../shared/schemas/demo.ts'
import * as fields from '../../../shared/schemas/fields.ts'
import { isValidationKey, V, VALIDATION_KEYS } from '../../../shared/schemas/messages.ts'
import * as reset from '../../../shared/schemas/reset.ts'
import * as signIn from '../../../shared/schemas/signIn.ts'
import * as signUp from '../../../shared/schemas/signUp.ts'

type Tree = { readonly [key: string]: string | Tree }

/** `a.b.c` for every string leaf, with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

const LANGUAGES = ['en', 'zh'] as const

/** Every string leaf of every namespace, per language: `namespace:a.b.c` → text. */
const texts = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    new Map(
      NAMESPACES.flatMap((namespace) =>
        [...leaves(resources[language][namespace] as Tree)].map(([key, text]) => [
          `${namespace}:${key}`,
          text,
        ]),
      ),
    ),
  ]),
) as Record<(typeof LANGUAGES)[number], Map<string, string>>

t.test('resources › en and zh have the same keys in every namespace', async (t) => {
  // The zh files satisfy MessagesOf<typeof en>; this also holds for a file that forgot to say so.
  t.same(
    {
      onlyInEn: [...texts.en.keys()].filter((key) => !texts.zh.has(key)),
      onlyInZh: [...texts.zh.keys()].filter((key) => !texts.en.has(key)),
    },
    { onlyInEn: [], onlyInZh: [] },
  )
})

t.test('resources › no text is empty in either language', async (t) => {
  const empty = LANGUAGES.flatMap((language) =>
    [...texts[language]].filter(([, text]) => text.trim().length === 0).map(([key]) => `${language} ${key}`),
  )
  t.same(empty, [])
})

t.test('resources › each zh text has the placeholders of its en text', async (t) => {
  const differing = [...texts.en]
    .filter(([key, text]) => placeholders(texts.zh.get(key) ?? '').join() !== placeholders(text).join())
    .map(([key, text]) => ({ key, en: placeholders(text), zh: placeholders(texts.zh.get(key) ?? '') }))
  t.same(differing, [])
})

t.test('errors › a text for every code of spec §8 and every call-layer failure', async (t) => {
  const codes = [
    '700001',
    '700004',
    '700009',
    '700076',
    '700014',
    '700023',
    '700037',
    '700054',
    '700070',
    '700073',
    '700077',
    '700078',
    '700112',
    '700123',
    '700125',
    '700169',
    '700201',
    '700203',
    '700204',
    '700205',
    '700206',
    '700207',
    '700208',
    '700209',
    '700210',
    '700211',
    '700490',
    '700591',
    '700604',
    '700605',
    '700623',
    '700624',
    '700625',
    '700626',
    '700627',
    '700631',
  ].sort()
  const failures = [
    'generic',
    'timeout',
    'network',
    'aborted',
    'badRequest',
    'rateLimited',
    'upstreamUnavailable',
    'upstreamTimeout',
    'unauthorized',
    'forbidden',
    'ssoFail',
    'linkExpired',
    'applicationLimit',
  ] as const
  const catalogue = (language: (typeof LANGUAGES)[number]) => {
    const errors = resources[language].errors
    const local = new Set([errors.timeout, errors.network, errors.aborted, errors.generic])
    return {
      codes: Object.keys(errors.code).sort(),
      failuresWithoutText: failures.filter((key) => typeof errors[key] !== 'string'),
      // Time-out, network, abort and generic each say something different.
      distinctLocalFailures: local.size,
    }
  }
  const expected = { codes, failuresWithoutText: [], distinctLocalFailures: 4 }
  t.same({ en: catalogue('en'), zh: catalogue('zh') }, { en: expected, zh: expected })
  t.equal(
    i18nFor('zh').t('errors:code.700211'),
    resources.zh.errors.code['700211'],
    'reachable through the translator',
  )
})

t.test('validation › the key list and common.validation are the same set', async (t) => {
  t.same(Object.keys(resources.en.common.validation).sort(), [...VALIDATION_KEYS].sort())
  t.same(
    Object.values(V).filter((key) => !i18nFor('en').exists(key)),
    [],
    'every validation key resolves in the default namespace',
  )
  t.equal(i18nFor('en').t(V.tooLong, { max: 100 }), 'Use at most 100 characters.')
})

/** Values that break each kind of rule, to make every schema say what it says. */
const HOSTILE: unknown[] = [
  undefined,
  null,
  {},
  [],
  'x',
  Object.fromEntries(
    [
      'email',
      'password',
      'confirmPassword',
      'oldPassword',
      'firstName',
      'lastName',
      'fullName',
      'company',
      'jobTitle',
      'phone',
      'areaCode',
      'code',
      'account',
      'referralCode',
      'captcha',
      'privacy',
      'consent',
      'language',
      'domain',
      'url',
      'env',
      'method',
      'contentType',
      'products',
      'goals',
      'industry',
      'notes',
      'state',
      'session_state',
    ].map((key) => [key, '']),
  ),
  {
    email: 'nope',
    password: 'Abcdef12',
    confirmPassword: 'x',
    oldPassword: 'Abcdef12',
    phone: '1',
    areaCode: '86',
  },
  {
    email: 'x'.repeat(400),
    password: 'x'.repeat(30),
    firstName: 'x'.repeat(101),
    products: ['nope'],
    industry: 9,
  },
  {
    email: 'a@b.co',
    password: 'abc',
    code: '12',
    account: 'ana',
    referralCode: '?',
    fullName: 'Ana',
    notes: 'x'.repeat(101),
  },
]

function schemasIn(module: Record<string, unknown>): [string, z.ZodType][] {
  return Object.entries(module).filter((entry): entry is [string, z.ZodType] => {
    const value = entry[1]
    return typeof value === 'object' && value !== null && 'safeParse' in value
  })
}

t.test('validation › every message a schema gives is a key of the English resources', async (t) => {
  const all: [string, z.ZodType][] = [
    ...ENDPOINT_NAMES.map((name): [string, z.ZodType] => [`ENDPOINTS.${name}`, ENDPOINTS[name].schema]),
    ...[fields, signIn, signUp, reset, demo, channel].flatMap((module) => schemasIn(module)),
  ]
  t.ok(all.length > 40, `${all.length} schemas`)
  const seen = new Set<string>()
  const notKeys: string[] = []
  for (const [label, schema] of all) {
    for (const input of HOSTILE) {
      const result = schema.safeParse(input)
      for (const issue of result.error?.issues ?? []) {
        seen.add(issue.message)
        if (!isValidationKey(issue.message)) notKeys.push(`${label}: "${issue.message}"`)
      }
    }
  }
  t.same([...new Set(notKeys)], [], 'messages that are not validation keys')
  t.same(
    [...seen].filter((message) => !i18nFor('en').exists(message)),
    [],
    'messages without an English text',
  )
  t.ok(seen.size >= 12, `the inputs reach many rules (${[...seen].join(', ')})`)
})
