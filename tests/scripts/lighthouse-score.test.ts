import t from 'tap'
import {
  contendedSlowdown,
  medianByScore,
  pageFailures,
  pageMeasures,
  slowdownFor,
} from '../../scripts/lighthouse-score.ts'

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

t.test(
  'pageFailures › bytes and requests in every mode, timings only in the bench, each named when past its limit',
  async (t) => {
    const measure = pageMeasures(
      {
        'total-byte-weight': { numericValue: 120 * 1024 },
        'network-requests': { details: { items: new Array(30).fill({}) } },
        'mainthread-work-breakdown': { numericValue: 2100.4 },
        'long-tasks': { details: { items: [{}, {}, {}] } },
      },
      0.9,
    )
    t.same(measure, { transferKib: 120, requests: 30, performance: 0.9, mainThreadMs: 2100, longTasks: 3 })
    const roomy = { performance: 0.9, mainThreadMs: 3000, longTasks: 9 }
    const tight = { performance: 0.95, mainThreadMs: 2000, longTasks: 2 }
    t.same(pageFailures(measure, { transferKib: 130, requests: 38 }, roomy, 'bench'), [])
    t.same(pageFailures(measure, { transferKib: 100, requests: 38 }, tight, 'bench'), [
      'transferKib 120 KiB over its budget 100 KiB',
      'performance 0.9 under its target 0.95',
      'mainThreadMs 2100 ms over its target 2000 ms',
      'longTasks 3 over its target 2',
    ])
    t.same(
      pageFailures(measure, { transferKib: 100, requests: 38 }, tight, 'test'),
      ['transferKib 120 KiB over its budget 100 KiB'],
      'npm test judges what the page loads, never how long it took',
    )
    // An audit Lighthouse did not produce is a failure, not a pass.
    t.same(pageFailures(pageMeasures({}, null), { transferKib: 1, requests: 99 }, roomy, 'bench'), [
      'transferKib NaN KiB over its budget 1 KiB',
      'performance NaN under its target 0.9',
      'mainThreadMs NaN ms over its target 3000 ms',
    ])
  },
)

t.test(
  'contendedSlowdown › a contended host is slowed down less by Lighthouse, never below 1×',
  async (t) => {
    t.equal(contendedSlowdown(4, 1), 4, 'a quiet host: the calibrated slowdown')
    t.equal(contendedSlowdown(4, 0.5), 2, 'half a core: the host already slows the page down twice')
    t.equal(contendedSlowdown(4, 0.07), 2, 'a reading under half a core counts as half')
    t.equal(contendedSlowdown(1.5, 0.5), 1, 'never below 1×')
    t.equal(contendedSlowdown(3, 1.3), 3, 'a share over 1 (measurement noise) counts as 1')
    t.equal(contendedSlowdown(3, Number.NaN), 3, 'no measurement: the calibrated slowdown')
  },
)
