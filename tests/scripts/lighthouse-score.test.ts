import t from 'tap'
import { medianByScore, slowdownFor } from '../../scripts/lighthouse-score.ts'

t.test('performance below budget once: the median of three runs decides', async (t) => {
  const score = (run: { performance: number }) => run.performance
  // One slow run among good ones does not fail the page…
  t.equal(
    medianByScore([{ performance: 0.91 }, { performance: 0.99 }, { performance: 0.98 }], score).performance,
    0.98,
  )
  // …two slow runs of three do.
  t.equal(
    medianByScore([{ performance: 0.91 }, { performance: 0.93 }, { performance: 0.99 }], score).performance,
    0.93,
  )
  t.equal(medianByScore([{ performance: 0.5 }], score).performance, 0.5)
  t.throws(() => medianByScore([], score))
})

t.test('CPU slowdown follows Lighthouse’s calculator, never above 4×', async (t) => {
  t.equal(slowdownFor(150), 1)
  t.equal(slowdownFor(800), 2)
  t.equal(slowdownFor(1300), 3)
  t.equal(slowdownFor(2500), 4)
  t.equal(slowdownFor(Number.NaN), 1)
  t.ok(slowdownFor(1000) > 2 && slowdownFor(1000) < 3)
})
