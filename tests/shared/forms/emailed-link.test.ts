/** The e-mailed link pasted into a form (shared/forms/emailed-link.ts): reset and sign-up read it. */
import t from 'tap'
import { pastedLinkOf, pastedLinkTo } from '../../../shared/forms/emailed-link.ts'
import { resetLinkIdOf } from '../../../shared/forms/reset-form.ts'

t.test('a whole link: its id, its fragment and the path that says its kind', async (t) => {
  const link = pastedLinkOf(' https://trial.example/auth/sign_up/verify?language=zh#id=a%2Bb&region=sg \n')
  t.equal(link?.id, 'a+b')
  t.equal(link?.params.get('region'), 'sg')
  t.equal(link?.path, '/auth/sign_up/verify', 'the query is not part of the kind')
  t.equal(pastedLinkOf('/auth/reset#id=x1')?.path, '/auth/reset', 'without scheme and host too')
})

t.test('the id alone has no path; anything else is no link', async (t) => {
  t.same(pastedLinkOf('x1')?.id, 'x1')
  t.equal(pastedLinkOf('x1')?.path, undefined)
  t.equal(pastedLinkOf('#id=x1')?.path, undefined, 'the fragment alone')
  for (const text of [
    '',
    '   ',
    'https://trial.example/auth/reset',
    'https://x.example/#region=sg',
    'id=x1',
    '#id=',
  ])
    t.equal(pastedLinkOf(text), undefined, JSON.stringify(text))
})

t.test('the reset reads its id through it, as before', async (t) => {
  t.equal(resetLinkIdOf('https://trial.example/auth/reset#id=r9'), 'r9')
  t.equal(resetLinkIdOf('r9'), 'r9')
  t.equal(resetLinkIdOf('https://trial.example/auth/reset'), undefined)
})

t.test('a link that must lead to one page: the link, another kind, or no link', async (t) => {
  const verify = '/auth/sign_up/verify'
  t.equal(
    (pastedLinkTo(verify, 'https://x.example/auth/sign_up/verify#id=v1&region=us') as { id: string }).id,
    'v1',
  )
  t.equal((pastedLinkTo(verify, 'v1') as { id: string }).id, 'v1', 'an id alone is taken as it is')
  t.equal(pastedLinkTo(verify, 'https://x.example/auth/reset#id=r1'), 'otherKind')
  t.equal(pastedLinkTo(verify, 'https://x.example/auth/sign_up/verify'), 'notALink')
})
