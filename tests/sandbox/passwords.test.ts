import { randomBytes, scryptSync } from 'node:crypto'
import t from 'tap'

// The test run lowers the sandbox's scrypt cost (scripts/test-lib.sh); the password rules hold at
// any cost, and a hash is always checked at the cost it was made with.
process.env.SANDBOX_SCRYPT_N = '2048'
const { hashPassword, verifyPassword } = await import('../../sandbox/passwords.ts')

t.test('a password verifies against its own hash only', async (t) => {
  const stored = await hashPassword('Correct-horse-1')
  t.match(stored, /^scrypt\$2048\$/, 'the cost the environment asked for, kept with the hash')
  t.ok(await verifyPassword('Correct-horse-1', stored))
  t.notOk(await verifyPassword('Correct-horse-2', stored), 'a wrong password is refused')
})

t.test('a hash made at another cost is checked at that cost', async (t) => {
  const salt = randomBytes(16)
  const key = scryptSync('Older-pass-9', salt, 32, { N: 16384, r: 8, p: 1 })
  const stored = `scrypt$16384$${salt.toString('base64url')}$${key.toString('base64url')}`
  t.ok(await verifyPassword('Older-pass-9', stored))
  t.notOk(await verifyPassword('Older-pass-8', stored))
})

t.test('a malformed or unknown-cost hash never verifies', async (t) => {
  const good = await hashPassword('Correct-horse-1')
  const [, , salt, key] = good.split('$')
  for (const stored of [
    `scrypt$1000$${salt}$${key}`,
    `scrypt$${salt}$${key}`,
    `bcrypt$2048$${salt}$${key}`,
    '',
  ]) {
    t.notOk(await verifyPassword('Correct-horse-1', stored), stored || '(empty)')
  }
})
