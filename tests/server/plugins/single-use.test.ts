/** server/plugins/app/single-use.server.ts: the first claim wins, per process or across replicas. */
import Fastify from 'fastify'
import t, { type Test } from 'tap'
import singleUse, { memorySingleUse } from '../../../server/plugins/app/single-use.server.ts'
import { connectSharedRedis } from '../../../server/redis.ts'
import { startRedis } from '../../support/redis.ts'

async function replica(redisUrl: string) {
  const app = Fastify()
  const redis = await connectSharedRedis({ url: redisUrl, keyPrefix: 'account-edge', log: app.log })
  app.addHook('onClose', () => redis.close())
  await app.register(singleUse, { redis })
  await app.ready()
  return app
}

/** Two replicas sharing a throw-away Redis, closed at teardown. */
async function twoReplicas(t: Test) {
  const redis = await startRedis(t)
  const one = await replica(redis.url)
  const two = await replica(redis.url)
  t.teardown(async () => {
    await one.close()
    await two.close()
  })
  return { one, two }
}

t.test(
  'single use › in memory: the first claim wins until its time is up; a release gives it back',
  async (t) => {
    let now = 0
    const store = memorySingleUse(() => now)
    t.same(await Promise.all([store.claim('a', 1000), store.claim('a', 1000), store.claim('a', 1000)]), [
      true,
      false,
      false,
    ])
    t.equal(await store.claim('b', 1000), true, 'keys are apart')
    await store.release('a')
    t.equal(await store.claim('a', 1000), true, 'released: claimable again')
    now = 1001
    t.equal(await store.claim('b', 1000), true, 'expired: claimable again')
  },
)

t.test(
  'single use › in memory: full of live claims, it sweeps only as they double and forgets none',
  async (t) => {
    let now = 0
    let sweeps = 0
    const store = memorySingleUse(() => now, { sweepAt: 10, onSweep: () => sweeps++ })
    for (let i = 0; i < 100; i++) t.equal(await store.claim(`live-${i}`, 60_000), true)
    // Sweeping on every claim past 10 (as before) scanned the store 91 times; doubling: at 10, 20, 40, 80.
    t.equal(sweeps, 4, `swept ${sweeps} times for 100 live claims`)
    t.equal(await store.claim('live-0', 60_000), false, 'no live claim was forgotten')
    t.equal(await store.claim('live-99', 60_000), false)
    now = 60_001
    for (let i = 0; i <= 60; i++) await store.claim(`next-${i}`, 60_000)
    t.equal(sweeps, 5, 'once the claims expired, the next sweep (at 160) ran')
    t.equal(await store.claim('live-0', 60_000), true, 'an expired claim is claimable again')
  },
)

t.test('single use › with Redis: one claim wins across two replicas, concurrently', async (t) => {
  const { one, two } = await twoReplicas(t)
  const key = `link-${Date.now()}`
  const results = await Promise.all([
    one.singleUse.claim(key, 5000),
    two.singleUse.claim(key, 5000),
    one.singleUse.claim(key, 5000),
    two.singleUse.claim(key, 5000),
  ])
  t.equal(results.filter(Boolean).length, 1, 'exactly one of four claims wins')
  await two.singleUse.release(key)
  t.equal(await one.singleUse.claim(key, 5000), true, 'released on one replica: claimable on the other')
})

t.test('single use › take: a claim made in one place is used up once in another', async (t) => {
  let now = 0
  const memory = memorySingleUse(() => now)
  t.equal(await memory.take('handoff'), false, 'nothing claimed: nothing to take')
  await memory.claim('handoff', 1000)
  t.same(await Promise.all([memory.take('handoff'), memory.take('handoff')]), [true, false], 'taken once')
  await memory.claim('late', 1000)
  now = 1001
  t.equal(await memory.take('late'), false, 'an expired claim cannot be taken')

  const { one, two } = await twoReplicas(t)
  const key = `handoff-${Date.now()}`
  await one.singleUse.claim(key, 5000)
  const taken = await Promise.all([two.singleUse.take(key), one.singleUse.take(key), two.singleUse.take(key)])
  t.equal(taken.filter(Boolean).length, 1, 'exactly one take wins across replicas')
})

t.test('single use › Redis unreachable: claims fail closed', async (t) => {
  const app = await replica('redis://127.0.0.1:1')
  t.teardown(() => app.close())
  t.equal(await app.singleUse.claim('x', 1000), false, 'a link that may be used already is refused')
})

t.test('single use › Redis holds hashes of the keys, never a secret itself', async (t) => {
  const redis = await startRedis(t)
  const app = await replica(redis.url)
  t.teardown(() => app.close())
  const secret = `reset-link:${'s3cret-link-id'.repeat(2)}`
  t.equal(await app.singleUse.claim(secret, 5000), true)
  const { Redis } = await import('ioredis')
  const client = new Redis(redis.url)
  t.teardown(() => client.disconnect())
  const keys = await client.keys('*')
  t.equal(keys.length, 1)
  t.notMatch(keys.join(' '), /s3cret/, 'the key is a hash')
})

t.test('single use › remember/recall: the latest value, while it lives, on every replica', async (t) => {
  let now = 0
  const memory = memorySingleUse(() => now)
  t.equal(await memory.recall('allowance'), undefined)
  await memory.remember('allowance', 'first', 1000)
  await memory.remember('allowance', 'second', 1000)
  t.equal(await memory.recall('allowance'), 'second', 'the later value replaces the earlier one')
  now = 1000
  t.equal(await memory.recall('allowance'), undefined, 'gone at its time')

  const { one, two } = await twoReplicas(t)
  const key = `allowance-${Date.now()}`
  await one.singleUse.remember(key, 'opened-on-one', 5000)
  t.equal(await two.singleUse.recall(key), 'opened-on-one', 'read on the other replica')
  await two.singleUse.remember(key, 'opened-on-two', 5000)
  t.equal(await one.singleUse.recall(key), 'opened-on-two')
})
