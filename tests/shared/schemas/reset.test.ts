import t from 'tap'
import {
  agentLanguageSchema,
  channelConsentSchema,
  forwardSchema,
  loginConfigSchema,
} from '../../../shared/schemas/channel.ts'
import { V } from '../../../shared/schemas/messages.ts'
import {
  changePasswordFormSchema,
  changePasswordSchema,
  checkResetCodeSchema,
  linkNewPasswordFormSchema,
  resetByEmailSchema,
  resetBySmsSchema,
  setNewPasswordFormSchema,
  setNewPasswordSchema,
} from '../../../shared/schemas/reset.ts'
import { firstKeys } from '../../support/schema-keys.ts'

t.test('reset request › by e-mail or by phone', async (t) => {
  t.ok(resetByEmailSchema.safeParse({ email: 'a@b.co' }).success)
  t.same(firstKeys(resetByEmailSchema.safeParse({ email: 'a' })), { email: V.email })
  t.ok(resetBySmsSchema.safeParse({ areaCode: '86', phone: '13800138000' }).success)
  t.ok(resetBySmsSchema.safeParse({ areaCode: '+65', phone: '91234567' }).success, 'other countries')
  t.same(firstKeys(resetBySmsSchema.safeParse({ areaCode: '86', phone: '' })), { phone: V.required })
  t.same(firstKeys(resetBySmsSchema.safeParse({ areaCode: '86', phone: '1380013800' })), {
    phone: V.chinaMobile,
  })
  t.same(firstKeys(resetBySmsSchema.safeParse({ phone: '13800138000' })), { areaCode: V.required })
})

t.test('checkFindPwd › the six-digit code', async (t) => {
  t.ok(checkResetCodeSchema.safeParse({ code: '000000' }).success)
  t.same(firstKeys(checkResetCodeSchema.safeParse({ code: '12 456' })), { code: V.code })
  t.same(firstKeys(checkResetCodeSchema.safeParse({ code: '12345' })), { code: V.code })
  t.same(firstKeys(checkResetCodeSchema.safeParse({})), { code: V.required })
})

t.test('set new password › format, then confirmation', async (t) => {
  const base = { password: 'Abcdef12', confirmPassword: 'Abcdef12' }
  t.ok(setNewPasswordSchema.safeParse(base).success)
  t.same(firstKeys(setNewPasswordSchema.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgh' })), {
    password: V.passwordFormat,
  })
  t.same(firstKeys(setNewPasswordFormSchema.safeParse({ ...base, confirmPassword: 'abcdef12' })), {
    confirmPassword: V.passwordsDiffer,
  })
  t.same(firstKeys(linkNewPasswordFormSchema.safeParse({ password: 'Abcdef12', confirmPassword: '' })), {
    confirmPassword: V.passwordsDiffer,
  })
  t.same(firstKeys(linkNewPasswordFormSchema.safeParse({ password: 'Abcdef12' })), {
    confirmPassword: V.required,
  })
})

t.test('change password › the new must differ from the old, and be confirmed', async (t) => {
  t.ok(
    changePasswordSchema.safeParse({
      oldPassword: 'legacy',
      password: 'Abcdef12',
      confirmPassword: 'Abcdef12',
    }).success,
  )
  t.same(
    firstKeys(
      changePasswordFormSchema.safeParse({
        oldPassword: 'Abcdef12',
        password: 'Abcdef12',
        confirmPassword: 'x',
      }),
    ),
    { password: V.samePassword, confirmPassword: V.passwordsDiffer },
  )
  t.same(
    firstKeys(
      changePasswordFormSchema.safeParse({
        oldPassword: '',
        password: 'Abcdef12',
        confirmPassword: 'Abcdef12',
      }),
    ),
    {
      oldPassword: V.required,
    },
  )
})

t.test('channel and agent payloads', async (t) => {
  t.ok(agentLanguageSchema.safeParse({ language: 'en' }).success)
  t.same(firstKeys(agentLanguageSchema.safeParse({ language: 'en_US' })), { language: V.oneOf })
  t.same(firstKeys(agentLanguageSchema.safeParse({})), { language: V.required })
  t.same(firstKeys(channelConsentSchema.safeParse({ consent: false })), { consent: V.consent })
  t.ok(loginConfigSchema.safeParse({ domain: 'account.example.com:8443' }).success)
  t.same(firstKeys(loginConfigSchema.safeParse({ domain: 'evil.com/x' })), { domain: V.invalid })
})

t.test('forward wrapper › a relative path to a known environment only', async (t) => {
  const wrapper = { url: '/basic-login/serviceLoginNew/4', domain: 'sg.example.com', env: 'sg-k8s' }
  t.same(
    forwardSchema.parse(wrapper),
    { ...wrapper, method: 'GET', contentType: 'form-data' },
    'defaults of spec §7',
  )
  for (const url of ['https://evil.test/x', '//evil.test/x', '/a/../b', 'relative', '/a b']) {
    t.same(firstKeys(forwardSchema.safeParse({ ...wrapper, url })), { url: V.invalid }, url)
  }
  t.same(firstKeys(forwardSchema.safeParse({ ...wrapper, env: 'prod' })), { env: V.oneOf })
  t.ok(forwardSchema.safeParse({ ...wrapper, domain: 'sg.example.com:8443' }).success, 'a host with its port')
  t.same(firstKeys(forwardSchema.safeParse({ ...wrapper, domain: 'evil.com/x' })), { domain: V.invalid })
})
