import t from 'tap'
import { PASSED_TO_CLIENT, serializePageData } from '../../client/runtime/page-data.ts'

// The page's data block is JSON inside <script type="application/json"> (ADR 0102): whatever a
// visitor typed and a page echoes (a posted form's state) must not end the element or open a
// comment, and must read back unchanged.
t.test('page data › no value can close its script element; it reads back unchanged', async (t) => {
  const typed = '</script><script>alert(1)</script><!-- \u2028\u2029 "quoted" \\ back'
  const data = {
    routeParams: {},
    is404: null,
    namespaces: [['signIn']],
    passed: { formState: { values: { email: typed } } },
  }
  const text = serializePageData(data)
  t.notMatch(text, /</, 'no "<" at all')
  t.notMatch(text, /[\u2028\u2029]/, 'no line or paragraph separator')
  t.same(JSON.parse(text), data)
})

t.test('page data › the fields that reach the browser are these, and none is a token', async (t) => {
  t.same(
    [...PASSED_TO_CLIENT].sort(),
    [
      'captchaProvider',
      'csrfToken',
      'edition',
      'externalApp',
      'formState',
      'isPhone',
      'language',
      'publicOrigin',
      'signInFlow',
      'signUpResume',
      'user',
    ],
    'a new field is a security decision (docs/security.md #3): change this list with it',
  )
})
