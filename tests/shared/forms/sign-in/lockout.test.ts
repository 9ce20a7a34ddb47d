import t from 'tap'
import { lockoutMessage, lockoutSeconds } from '../../../../shared/forms/sign-in/lockout.ts'

const NOW = Date.parse('2026-01-01T10:00:00Z')

t.test('lockout › the wait from retryAfterSeconds, else from lockedUntil, else unknown', async (t) => {
  t.equal(lockoutSeconds({ retryAfterSeconds: 840 }, NOW), 840)
  t.equal(lockoutSeconds({ retryAfterSeconds: '12.2' }, NOW), 13, 'a numeric string, rounded up')
  t.equal(lockoutSeconds({ lockedUntil: '2026-01-01T10:14:00Z' }, NOW), 840)
  t.equal(lockoutSeconds({ lockedUntil: '2026-01-01T09:00:00Z' }, NOW), undefined, 'a lock in the past')
  t.equal(lockoutSeconds({ retryAfterSeconds: -5, lockedUntil: 'soon' }, NOW), undefined)
  t.equal(lockoutSeconds(undefined, NOW), undefined)
})

t.test(
  'lockout › minutes from 90 seconds on (rounded up), seconds below, the catalogue without a wait',
  async (t) => {
    const said = (key: string, values?: Record<string, number>) => `${key} ${JSON.stringify(values ?? {})}`
    t.equal(lockoutMessage(840, said), 'signIn.lockedMinutes {"minutes":14}')
    t.equal(lockoutMessage(841, said), 'signIn.lockedMinutes {"minutes":15}')
    t.equal(lockoutMessage(90, said), 'signIn.lockedMinutes {"minutes":2}')
    t.equal(lockoutMessage(89, said), 'signIn.lockedSeconds {"seconds":89}')
    t.equal(lockoutMessage(1, said), 'errors:code.700123 {}')
    t.equal(lockoutMessage(undefined, said), 'errors:code.700123 {}')
  },
)
