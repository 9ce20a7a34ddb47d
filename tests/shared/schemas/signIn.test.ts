import t from 'tap'
import { toBase64Utf8 } from '../../../shared/api/base64.ts'
import { V } from '../../../shared/schemas/messages.ts'
import {
  aadLoginSchema,
  consoleLoginSchema,
  emailOnlySchema,
  sendVerifyCodeSchema,
  signInSchema,
} from '../../../shared/schemas/signIn.ts'
import { firstKeys } from '../../support/schema-keys.ts'

t.test('loginEmailCheck › only a valid e-mail', async (t) => {
  t.same(emailOnlySchema.parse({ email: ' ana@example.com ' }), { email: 'ana@example.com' })
  t.same(firstKeys(emailOnlySchema.safeParse({})), { email: V.required })
  t.same(
    firstKeys(emailOnlySchema.safeParse({ email: '13800138000' })),
    { email: V.email },
    'account is the e-mail',
  )
})

t.test('serviceLoginNew › the password is only required and at most 20, no format rule', async (t) => {
  t.ok(
    signInSchema.safeParse({ email: 'a@b.co', password: 'weak' }).success,
    'an old password still signs in',
  )
  t.ok(signInSchema.safeParse({ email: 'a@b.co', password: ' spaced pass= ' }).success)
  t.same(signInSchema.parse({ email: 'a@b.co', password: ' x ' }).password, ' x ', 'not trimmed')
  t.same(firstKeys(signInSchema.safeParse({ email: 'a@b.co', password: '' })), { password: V.required })
  t.same(firstKeys(signInSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(21) })), {
    password: V.tooLong,
  })
  t.same(firstKeys(signInSchema.safeParse({ email: '', password: '' })), {
    email: V.required,
    password: V.required,
  })
})

t.test('consoleLogin › optional six-digit code', async (t) => {
  t.ok(consoleLoginSchema.safeParse({ email: 'a@b.co', password: 'p' }).success)
  t.ok(consoleLoginSchema.safeParse({ email: 'a@b.co', password: 'p', code: '123456' }).success)
  t.same(firstKeys(consoleLoginSchema.safeParse({ email: 'a@b.co', password: 'p', code: '12345' })), {
    code: V.code,
  })
})

t.test('sendVerifyCode › the password travels base64-encoded', async (t) => {
  for (const password of ['Abcdef12', '密码密码密码密码密码密码密码密码密码密码', 'x']) {
    t.ok(
      sendVerifyCodeSchema.safeParse({ email: 'a@b.co', password: toBase64Utf8(password) }).success,
      password,
    )
  }
  t.same(firstKeys(sendVerifyCodeSchema.safeParse({ email: 'a@b.co', password: 'Abc!def' })), {
    password: V.invalid,
  })
  t.same(
    firstKeys(sendVerifyCodeSchema.safeParse({ email: 'a@b.co', password: 'QQ' })),
    { password: V.invalid },
    'padding',
  )
  t.same(
    firstKeys(sendVerifyCodeSchema.safeParse({ email: 'a@b.co', password: toBase64Utf8('😀'.repeat(21)) })),
    { password: V.invalid },
    'longer than 20 four-byte characters',
  )
})

t.test('aadLogin › the Microsoft return parameters', async (t) => {
  t.ok(aadLoginSchema.safeParse({ code: 'c', state: 's', session_state: 'x' }).success)
  t.ok(aadLoginSchema.safeParse({ code: 'c', state: 's' }).success)
  t.same(firstKeys(aadLoginSchema.safeParse({ code: '', state: 's' })), { code: V.required })
})
