import t from 'tap'
import { DEFAULT_RETURN_PATH, safeReturnPath } from '../../shared/safe-return.ts'
import { hasControlOrBackslash, hostilePaths, resolvedOrigin } from '../support/hostile-paths.ts'

const SITE = 'https://account.example'

t.test('safeReturnPath › keeps same-site paths with their query', async (t) => {
  t.equal(safeReturnPath('/auth/sign_in?language=zh'), '/auth/sign_in?language=zh')
  t.equal(safeReturnPath('/chatbot#pricing'), '/chatbot#pricing')
  t.equal(safeReturnPath('/a/b/../c'), '/a/c', 'harmless dot segments are normalised')
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
    // Found by the outside review: the normalised form began with `//`.
    '/.//evil.example/p',
    '/a/..//x',
    '/%2e//x',
  ]) {
    t.equal(safeReturnPath(hostile), DEFAULT_RETURN_PATH, JSON.stringify(hostile))
  }
  t.equal(safeReturnPath('//evil.com', '/'), '/', 'a caller may choose the default')
})

t.test('safeReturnPath › no generated hostile path leads off the site', async (t) => {
  const paths = hostilePaths()
  t.ok(paths.length > 500, `${paths.length} generated paths`)
  let kept = 0
  for (const hostile of paths) {
    const result = safeReturnPath(hostile)
    if (result !== DEFAULT_RETURN_PATH) kept++
    // The result is used in Location headers and location.assign(): both parse it like this.
    for (const page of [`${SITE}/`, `${SITE}/auth/sign_in?return=x`]) {
      if (resolvedOrigin(result, page) !== SITE)
        t.fail(`${JSON.stringify(hostile)} → ${result} leaves the site`)
    }
    if (!result.startsWith('/') || result.startsWith('//') || hasControlOrBackslash(result))
      t.fail(`${JSON.stringify(hostile)} → ${JSON.stringify(result)} is not a plain root path`)
    t.equal(safeReturnPath(result), result, `${JSON.stringify(result)} is stable when read again`)
  }
  t.ok(kept > 0, 'look-alikes that stay on the site keep their (encoded) path')
})
