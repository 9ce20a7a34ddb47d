import t from 'tap'
import { expiringMap } from '../../server/expiring-map.ts'

t.test('expiring map › expired entries are swept when the map has doubled, live ones kept', async (t) => {
  let sweeps = 0
  const map = expiringMap({ sweepAt: 4, onSweep: () => sweeps++ })
  for (let i = 0; i < 4; i++) map.set(`old-${i}`, 10, 0)
  t.equal(map.liveUntil('old-0', 5), 10)
  map.set('live-a', 100, 20) // the fifth entry: sweeps the four expired ones first
  t.equal(sweeps, 1)
  t.equal(map.size, 1, 'only the live entry is left')
  for (let i = 0; i < 3; i++) map.set(`live-${i}`, 100, 20)
  t.equal(sweeps, 1, 'no sweep again before the map reached 4 entries')
  map.set('live-x', 100, 20)
  t.equal(sweeps, 2)
  t.equal(map.size, 5, 'a sweep finding only live entries keeps them all')
  t.equal(map.liveUntil('live-a', 99), 100)
  t.equal(map.liveUntil('live-a', 100), undefined, 'an entry is dead at its expiry')
  t.equal(map.size, 4, 'and a dead entry read is gone')
})

t.test(
  'expiring map › a value is read back while its entry lives, and replaced by a later set',
  async (t) => {
    const map = expiringMap<string>()
    map.set('allowance', 100, 0, 'first')
    t.equal(map.valueAt('allowance', 50), 'first')
    map.set('allowance', 200, 60, 'second')
    t.equal(map.valueAt('allowance', 150), 'second', 'the later set wins and carries its own expiry')
    t.equal(map.valueAt('allowance', 200), undefined, 'gone at its expiry')
    t.equal(expiringMap().valueAt('missing', 0), undefined)
  },
)
