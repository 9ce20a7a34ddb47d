import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const KEY_LENGTH = 32
/**
 * scrypt cost: the Node default (N=16384, r=8, p=1), about 40 ms of CPU per hash. The test run
 * lowers N through SANDBOX_SCRYPT_N (scripts/test-lib.sh): its ~1,300 sign-ins, sign-ups and
 * resets would otherwise spend ≈ 50 s of CPU hashing on two cores. The rules the sandbox holds
 * (a wrong password is refused, a new password may not be the old one) do not depend on N.
 */
const COST = { N: scryptCostN(process.env.SANDBOX_SCRYPT_N), r: 8, p: 1 } as const

/** A power of two from 1024 up; anything else falls back to Node's default. */
function scryptCostN(setting: string | undefined): number {
  const n = Number(setting)
  return Number.isInteger(n) && n >= 1024 && (n & (n - 1)) === 0 ? n : 16384
}

function derive(password: string, salt: Buffer, N: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...COST, N }, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/**
 * `scrypt$<N>$<salt b64url>$<key b64url>`: what the account store keeps instead of the password;
 * N travels with the hash, so a hash is checked at the cost it was made with.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST.N)
  return `scrypt$${COST.N}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, key] = stored.split('$')
  const N = scryptCostN(cost)
  if (scheme !== 'scrypt' || String(N) !== cost || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), N)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
