import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import t from 'tap'
import { crc32Combine, crc32Shift } from '../../../server/page-cache/crc32-combine.ts'

t.test('crc32Combine gives the CRC-32 of the concatenation, as zlib computes it', async (t) => {
  for (const [a, b] of [
    [Buffer.from('hello '), Buffer.from('world')],
    [Buffer.alloc(0), Buffer.from('x')],
    [Buffer.from('abc'), Buffer.alloc(0)],
    [randomBytes(70_000), randomBytes(1)],
    [randomBytes(3), randomBytes(123_457)],
  ] as const) {
    const whole = crc32(Buffer.concat([a, b]))
    t.equal(crc32Combine(crc32(a), crc32Shift(b.length), crc32(b)), whole, `${a.length} + ${b.length} bytes`)
  }
})
