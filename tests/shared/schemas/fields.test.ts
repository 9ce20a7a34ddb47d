import t from 'tap'
import { z } from 'zod'
import {
  accepted,
  account,
  captcha,
  chinaMobile,
  currentPassword,
  email,
  fullName,
  isValidPassword,
  loose,
  name,
  newPassword,
  passwordRules,
  phone,
  referralCode,
  url,
  verificationCode,
  withConfirmation,
  withNewDifferent,
} from '../../../shared/schemas/fields.ts'
import { fieldMessages, issueMessage, V } from '../../../shared/schemas/messages.ts'

/** The first message of parsing `value`, or 'ok'. */
function verdict(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value)
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? '?')
}

/** `{ '"value"': verdict }` for each value: one diff names every value that went the wrong way. */
function verdicts(schema: z.ZodType, values: unknown[], expected: string) {
  const key = (value: unknown) => JSON.stringify(value) ?? String(value)
  return [
    Object.fromEntries(values.map((value) => [key(value), verdict(schema, value)])),
    Object.fromEntries(values.map((value) => [key(value), expected])),
  ] as const
}

t.test('email › required, trimmed, valid format, at most 320', async (t) => {
  t.equal(verdict(email, undefined), V.required)
  t.equal(verdict(email, ''), V.required)
  t.equal(verdict(email, '   '), V.required)
  t.equal(verdict(email, ['a@b.co']), V.invalid)
  t.equal(verdict(email, 'ana'), V.email)
  t.equal(verdict(email, 'ana@'), V.email)
  t.equal(verdict(email, 'ana@example'), V.email)
  t.equal(verdict(email, 'ana @example.com'), V.email)
  t.equal(email.parse('  ana.lee+trial@example.co.uk '), 'ana.lee+trial@example.co.uk')
  const local = 'a'.repeat(64)
  const long = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}.com`
  t.equal(long.length, 64 + 1 + 63 * 3 + 3 + 60 + 4)
  t.ok(long.length > 320)
  t.equal(verdict(email, long), V.tooLong)
})

t.test('url › http(s) only, at most 2048', async (t) => {
  t.equal(verdict(url, 'https://example.com/x'), 'ok')
  t.equal(verdict(url, 'javascript:alert(1)'), V.url)
  t.equal(verdict(url, `https://example.com/${'x'.repeat(2048)}`), V.tooLong)
})

t.test('newPassword › 8-20, three of four classes, only the allowed symbols', async (t) => {
  const valid = ['Abcdef12', 'abcdef1!', 'ABCDEF1~', 'Ab!Ab!Ab', 'aB3~!@#$%^&*()-_+<>?', 'Pass.word,1:;']
  t.same(...verdicts(newPassword, valid, 'ok'), 'valid passwords')
  const invalid = [
    'Abcde1!', // 7
    'Abcdefgh1234567890!xy', // 21
    'abcdefgh', // one class
    'abcdef12', // two classes
    'ABCDEFG!', // two classes
    'Abcdef1 2', // space
    'Abcdef1=', // = is not allowed
    'Abcdef1/', // / is not allowed
    'Abcdef1"', // quote
    'Abcdéf12', // é is neither class nor allowed
    'Abcdef12\n',
  ]
  t.same(...verdicts(newPassword, invalid, V.passwordFormat), 'passwords breaking the format')
  t.equal(verdict(newPassword, ''), V.required)
  t.equal(verdict(newPassword, undefined), V.required)
  t.same(passwordRules('abc'), { length: false, classes: false, characters: true })
  t.same(passwordRules('Abcdefg1='), { length: true, classes: true, characters: false })
  t.equal(isValidPassword(' Abcdef1'), false, 'not trimmed: a space is a character')
})

t.test('currentPassword › sign-in only needs it present and at most 20', async (t) => {
  t.equal(verdict(currentPassword, 'old'), 'ok', 'predates the format rule')
  t.equal(verdict(currentPassword, 'x'.repeat(20)), 'ok')
  t.equal(verdict(currentPassword, 'x'.repeat(21)), V.tooLong)
  t.equal(verdict(currentPassword, ''), V.required)
})

t.test('name › required, at most 100, letters and numbers in any script, spaces between words', async (t) => {
  const valid = ['Ana', 'Ana Lee', '李明', '株式会社 Sobot 2', 'José', 'Zoë', 'क्षत्रिय', ' Ana ']
  t.same(...verdicts(name, valid, 'ok'), 'names in any script')
  const invalid = ['Ana-Lee', "O'Brien", 'Ana_Lee', '<b>', 'a.b', 'Ana\tLee', 'Ana\nLee']
  t.same(...verdicts(name, invalid, V.name), 'punctuation and control characters')
  t.equal(verdict(name, '   '), V.required)
  t.equal(verdict(name, 'a'.repeat(100)), 'ok')
  t.equal(verdict(name, 'a'.repeat(101)), V.tooLong)
})

t.test('fullName › first and last name separated by a space', async (t) => {
  t.equal(verdict(fullName, 'Ana Lee'), 'ok')
  t.equal(verdict(fullName, 'Ana Maria Lee'), 'ok')
  t.equal(verdict(fullName, '李 明'), 'ok')
  t.equal(verdict(fullName, 'Ana'), V.fullName)
  t.equal(verdict(fullName, 'Ana-Lee'), V.fullName)
  t.equal(verdict(fullName, ''), V.required)
})

t.test('phone › digits; China mobile 11 digits starting with 1', async (t) => {
  t.equal(verdict(phone, '6591234567'), 'ok')
  t.equal(verdict(phone, '+6591234567'), V.phone)
  t.equal(verdict(phone, '1234'), V.phone)
  t.equal(verdict(phone, ''), V.required)
  t.equal(verdict(chinaMobile, '13800138000'), 'ok')
  t.equal(verdict(chinaMobile, '1380013800'), V.chinaMobile)
  t.equal(verdict(chinaMobile, '138001380001'), V.chinaMobile)
  t.equal(verdict(chinaMobile, '23800138000'), V.chinaMobile)
})

t.test('captcha, verification code, referral code, account', async (t) => {
  t.equal(verdict(captcha, ''), V.required)
  t.equal(verdict(captcha, 'x7Kp'), 'ok')
  t.equal(verdict(verificationCode, '012345'), 'ok')
  t.same(
    ...verdicts(verificationCode, ['12345', '1234567', '12345a', '١٢٣٤٥٦'], V.code),
    'not six ASCII digits',
  )
  t.equal(verdict(verificationCode, ''), V.required)
  t.equal(verdict(referralCode, undefined), 'ok')
  t.equal(verdict(referralCode, ''), 'ok')
  t.equal(verdict(referralCode, 'ABC123'), 'ok')
  t.equal(verdict(referralCode, 'AB-12'), V.referralCode)
  t.equal(verdict(referralCode, 'a'.repeat(101)), V.tooLong)
  t.equal(verdict(account, 'a@b.co'), 'ok')
  t.equal(verdict(account, '13800138000'), 'ok')
  t.equal(verdict(account, 'ana'), V.account)
})

t.test('accepted › only a ticked box', async (t) => {
  const privacy = accepted(V.privacy)
  t.same(...verdicts(privacy, [true, 'true', 'on'], 'ok'), 'ticked')
  t.same(...verdicts(privacy, [false, undefined, '', 'false'], V.privacy), 'not ticked')
})

t.test('withConfirmation / withNewDifferent › cross-field rules on the right field', async (t) => {
  const confirm = withConfirmation(
    z.object({ password: newPassword, confirmPassword: z.string(), other: name }),
  )
  const mismatch = confirm.safeParse({ password: 'Abcdef12', confirmPassword: 'Abcdef13', other: '' })
  t.strictSame(
    mismatch.error && fieldMessages(mismatch.error),
    {
      other: { key: V.required, values: { min: 1 } },
      confirmPassword: { key: V.passwordsDiffer, values: {} },
    },
    'runs although another field failed',
  )
  const badPassword = confirm.safeParse({ password: 'short', confirmPassword: 'other', other: 'x' })
  t.same(
    badPassword.error?.issues.map((issue) => issue.message),
    [V.passwordFormat],
    'no mismatch message on top of a format error',
  )
  t.ok(confirm.safeParse({ password: 'Abcdef12', confirmPassword: 'Abcdef12', other: 'x' }).success)

  const differ = withNewDifferent(z.object({ oldPassword: currentPassword, password: newPassword }))
  const same = differ.safeParse({ oldPassword: 'Abcdef12', password: 'Abcdef12' })
  t.same(
    same.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
    [['password', V.samePassword]],
  )
  t.ok(differ.safeParse({ oldPassword: 'old', password: 'Abcdef12' }).success)
})

t.test('messages › issueMessage and fieldMessages give keys with their values', async (t) => {
  const schema = z.object({ a: name, b: z.object({ c: email }) })
  const result = schema.safeParse({ a: 'x'.repeat(101), b: { c: 'nope' } })
  t.notOk(result.success)
  if (!result.success) {
    t.same(fieldMessages(result.error), {
      a: { key: V.tooLong, values: { max: 100 } },
      'b.c': { key: V.email, values: {} },
    })
  }
  const foreign = z.string().min(3).safeParse('x')
  t.same(
    foreign.error && issueMessage(foreign.error.issues[0]!),
    { key: V.invalid, values: { min: 3 } },
    'zod text → invalid',
  )
  t.notOk(loose.safeParse('nope').success)
})
