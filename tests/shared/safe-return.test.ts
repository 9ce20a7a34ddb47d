import t from 'tap'
import { DEFAULT_RETURN_PATH, safeReturnPath } from '../../shared/safe-return.ts'

t.test('safeReturnPath › keeps same-site paths with their query', async (t) => {
  t.equal(safeReturnPath('/auth/sign_in?language=zh'), '/auth/sign_in?language=zh')
  t.equal(safeReturnPath('/chatbot#pricing'), '/chatbot#pricing')
})

t.test('safeReturnPath › everything that could leave the site ends at the default', async (t) => {
  for (const hostile of [
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '%2F%2Fevil.com',
    '/%2F/evil.com',
    '%252F%252Fevil.com',
    '/\tevil',
    'evil.com',
    '',
    undefined,
    ['/'],
    `/${'a'.repeat(3000)}`,
    '/%E0%A4%A',
  ]) {
    t.equal(safeReturnPath(hostile), DEFAULT_RETURN_PATH, JSON.stringify(hostile))
  }
  t.equal(safeReturnPath('//evil.com', '/'), '/', 'a caller may choose the default')
})
