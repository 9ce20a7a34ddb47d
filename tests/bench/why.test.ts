import t from 'tap'
import { queueWaitBuckets, queueWaitsBetween } from './why.ts'

// `npm run load` explains a miss with the render queue's waits read from the BFF's metrics: the
// reading must add both outcomes, subtract what came before the phase and name the right buckets.
const metrics = (rendered: number[], refused: number[]) => {
  const bounds = ['0.5', '1', '2', '2.5', '+Inf']
  const lines = bounds.flatMap((le, index) => [
    `ssr_render_queue_wait_seconds_bucket{le="${le}",app="account-edge",region="sg",outcome="rendered"} ${rendered[index]}`,
    `ssr_render_queue_wait_seconds_bucket{le="${le}",app="account-edge",region="sg",outcome="refused"} ${refused[index]}`,
  ])
  // Shuffled, as nothing promises the order; another histogram's buckets must not count.
  return ['ssr_render_duration_seconds_bucket{le="1",status_code="200"} 999', ...lines.reverse()].join('\n')
}

t.test('load › render-queue waits between two readings, both outcomes, by bucket', async (t) => {
  const before = queueWaitBuckets(metrics([10, 10, 10, 10, 10], [0, 0, 0, 0, 0]))
  // Since then: 40 renders under 0.5 s, 50 between 0.5 and 1 s, 8 between 1 and 2 s, and 2
  // refused at their turn between 2 and 2.5 s.
  const after = queueWaitBuckets(metrics([50, 100, 108, 108, 108], [0, 0, 0, 2, 2]))
  const waits = queueWaitsBetween(before, after)
  t.equal(waits.count, 100)
  t.equal(waits.p50, '≤ 1 s')
  t.equal(waits.p99, '≤ 2.5 s')
  t.equal(waits.upTo(2), 98, '98 waited at most the 2 s bound')
  t.equal(waits.count - waits.upTo(2), 2, 'two past it')
})

t.test('load › a wait past the last bucket reads as more than it', async (t) => {
  const none = queueWaitBuckets('')
  const waits = queueWaitsBetween(none, queueWaitBuckets(metrics([0, 0, 0, 0, 3], [0, 0, 0, 0, 1])))
  t.equal(waits.count, 4)
  t.equal(waits.p50, '> 2.5 s')
})
