import { stringify } from 'qs'
import t from 'tap'
import { formEncode } from '../../../server/upstream/form-encode.ts'

// The upstream reads what qs wrote before (issue 19 point 5 made flat fields faster): the same bytes.
t.test('form bodies › the same bytes as qs, fast path or not', async (t) => {
  const samples: Record<string, unknown>[] = [
    {},
    { email: 'agent+test@example.com' },
    { email: "o'brien (work)*!~._-@example.co.uk", password: 'p@ss w0rd&=?/#%' },
    { name: '王小明', note: 'emoji 👩‍💻 and ü', count: 3, remember: true, off: false, skipped: undefined },
    { 'key with space': 'value', ключ: 'значение', 'a[b]': 'c' },
    { nested: { a: 1 }, list: ['x', 'y'], empty: null },
    { broken: 'lone \uD800 surrogate' },
  ]
  for (const fields of samples) t.equal(formEncode(fields), stringify(fields), JSON.stringify(fields))
  // Random text over the characters that differ between encoders.
  const alphabet = "aZ09 -._~!'()*&=+/?#%[]@,;:$\u00e9\u4e2d\uD83D\uDE00"
  for (let round = 0; round < 300; round++) {
    const chars = Array.from(
      { length: 1 + (round % 17) },
      (_, i) => [...alphabet][(round * 7 + i * 13) % [...alphabet].length],
    )
    const fields = { [chars.slice(0, 3).join('')]: chars.join(''), n: round }
    t.equal(formEncode(fields), stringify(fields))
  }
})
