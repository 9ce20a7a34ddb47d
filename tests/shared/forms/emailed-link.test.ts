/** The e-mailed link pasted into a form (shared/forms/emailed-link.ts): reset and sign-up read it. */
import t from 'tap'
import { pastedLinkOf } from '../../../shared/forms/emailed-link.ts'
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
