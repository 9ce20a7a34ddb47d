import t from 'tap'
import { demoSchema } from '../../../shared/schemas/demo.ts'
import { V } from '../../../shared/schemas/messages.ts'
import {
  accountSetupSchema,
  questionnaireSchema,
  signUpCredentialsFormSchema,
  signUpCredentialsSchema,
  signUpH5Schema,
  signUpSmsSchema,
} from '../../../shared/schemas/signUp.ts'
import { firstKeys } from '../../support/schema-keys.ts'

const setup = {
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Lee',
  company: 'Acme 2',
  jobTitle: 'Head of Support',
  areaCode: '65',
  phone: '91234567',
}

t.test('registerSgNew › e-mail and a password in the format', async (t) => {
  t.ok(signUpCredentialsSchema.safeParse({ email: 'a@b.co', password: 'Abcdef12' }).success)
  t.same(firstKeys(signUpCredentialsSchema.safeParse({ email: 'a@b.co', password: 'weak' })), {
    password: V.passwordFormat,
  })
})

t.test('sign-up form › confirmation and privacy notice', async (t) => {
  const form = { email: 'a@b.co', password: 'Abcdef12', confirmPassword: 'Abcdef12', privacy: true }
  t.ok(signUpCredentialsFormSchema.safeParse(form).success)
  t.ok(signUpCredentialsFormSchema.safeParse({ ...form, privacy: 'on' }).success, 'a form checkbox')
  t.same(firstKeys(signUpCredentialsFormSchema.safeParse({ ...form, privacy: false })), {
    privacy: V.privacy,
  })
  t.same(firstKeys(signUpCredentialsFormSchema.safeParse({ ...form, confirmPassword: 'Abcdef13' })), {
    confirmPassword: V.passwordsDiffer,
  })
  t.same(
    firstKeys(
      signUpCredentialsFormSchema.safeParse({ ...form, confirmPassword: 'Abcdef13', privacy: undefined }),
    ),
    {
      privacy: V.privacy,
      confirmPassword: V.passwordsDiffer,
    },
  )
  const sent = signUpCredentialsSchema.parse(form)
  t.same(sent, { email: 'a@b.co', password: 'Abcdef12' }, 'the payload schema drops the form-only fields')
})

t.test('account setup › names, company, job title, phone, referral code', async (t) => {
  t.same(accountSetupSchema.parse({ ...setup, referralCode: '' }), { ...setup, referralCode: '' })
  t.ok(
    accountSetupSchema.safeParse({ ...setup, firstName: '明', lastName: '李', company: '智齿科技' }).success,
  )
  t.same(
    firstKeys(
      accountSetupSchema.safeParse({ ...setup, firstName: '', company: 'A&B', jobTitle: 'x'.repeat(101) }),
    ),
    {
      firstName: V.required,
      company: V.name,
      jobTitle: V.tooLong,
    },
  )
  t.same(firstKeys(accountSetupSchema.safeParse({ ...setup, referralCode: 'no-dash' })), {
    referralCode: V.referralCode,
  })
  t.same(accountSetupSchema.parse({ ...setup, areaCode: '+86', phone: '13800138000' }).areaCode, '86')
  t.same(firstKeys(accountSetupSchema.safeParse({ ...setup, areaCode: '86', phone: '91234567' })), {
    phone: V.chinaMobile,
  })
  t.same(firstKeys(accountSetupSchema.safeParse({ ...setup, phone: '' })), { phone: V.required })
  t.same(firstKeys(accountSetupSchema.safeParse({ ...setup, areaCode: 'x' })), { areaCode: V.phone })
})

t.test('registerSgH5 and registerSendSms', async (t) => {
  const h5 = {
    email: 'a@b.co',
    password: 'Abcdef12',
    fullName: 'Ana Lee',
    company: 'Acme',
    areaCode: '86',
    phone: '13800138000',
    captchaPass: 'cpt_solved',
  }
  t.ok(signUpH5Schema.safeParse(h5).success)
  t.same(
    firstKeys(signUpH5Schema.safeParse({ ...h5, captchaPass: '' })),
    { captchaPass: V.captcha },
    'the solved check is required',
  )
  t.same(firstKeys(signUpH5Schema.safeParse({ ...h5, fullName: 'Ana' })), { fullName: V.fullName })
  t.ok(signUpSmsSchema.safeParse({ areaCode: '86', phone: '13800138000' }).success)
  t.same(firstKeys(signUpSmsSchema.safeParse({ areaCode: '86', phone: '1380013800' })), {
    phone: V.chinaMobile,
  })
})

t.test('questionnaire › every answer optional, values from the lists', async (t) => {
  t.ok(questionnaireSchema.safeParse({}).success)
  t.ok(
    questionnaireSchema.safeParse({
      products: ['chatbot', 'voicebot'],
      goals: ['none'],
      channels: ['email'],
      industry: 'pets',
      department: 'it',
      launch: 'not-sure',
      employees: '50-100',
    }).success,
  )
  t.same(firstKeys(questionnaireSchema.safeParse({ products: ['fax'] })), { 'products.0': V.oneOf })
  t.same(firstKeys(questionnaireSchema.safeParse({ industry: 'space' })), { industry: V.oneOf })
  t.same(firstKeys(questionnaireSchema.safeParse({ goals: ['none', 'none'] })), { goals: V.invalid })
  t.same(firstKeys(questionnaireSchema.safeParse({ notes: 'x'.repeat(101) })), { notes: V.tooLong })
})

t.test('demo › full name, contact and company', async (t) => {
  const demo = {
    ...setup,
    fullName: 'Ana Lee',
    products: ['livechat'],
    notes: 'Call after 3pm',
    captchaPass: 'cpt_solved',
  }
  t.ok(demoSchema.safeParse(demo).success)
  const { captchaPass: _none, ...withoutCaptcha } = demo
  t.same(
    firstKeys(demoSchema.safeParse(withoutCaptcha)),
    { captchaPass: V.captcha },
    'the captcha is asked for',
  )
  t.same(firstKeys(demoSchema.safeParse({ ...demo, fullName: 'Ana', email: 'x' })), {
    fullName: V.fullName,
    email: V.email,
  })
})
