/**
 * patches/vike+0.4.266.patch (ADR 0104): Vike's infinite-loop guard, made O(1) per render, is
 * applied by `npm ci` and still guards. Its speed is the bench's (render rows), not a timed test.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'

const FILE = path.join(import.meta.dirname, '../../node_modules/vike/dist/utils/catchInfiniteLoop.js')
type Guard = (functionName: string) => void
const { catchInfiniteLoop } = (await import(pathToFileURL(FILE).href)) as { catchInfiniteLoop: Guard }

t.test('the installed Vike carries the patch (npm ci ran patch-package)', async (t) => {
  const source = readFileSync(FILE, 'utf8')
  t.match(source, 'const trackers = new Map()', 'trackers kept in creation order')
  t.notMatch(source, 'Object.keys(trackers)', 'no walk over every tracker per call')
})

t.test('a render that recurses 100 times within 5 s is still stopped, with a warning at 50', async (t) => {
  const warnings: unknown[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => warnings.push(args)
  t.teardown(() => {
    console.warn = warn
  })
  const name = `[request-${Date.now()}] renderPageServerEntryRecursive()`
  for (let call = 1; call <= 99; call++) catchInfiniteLoop(name)
  t.throws(() => catchInfiniteLoop(name), /called 100 times within 5 seconds/)
  t.ok(warnings.length >= 1, 'warned on the way')
})

t.test('trackers older than 5 s are dropped; a new one counts from zero', async (t) => {
  const realNow = Date.prototype.getTime
  let offset = 0
  Date.prototype.getTime = function (this: Date) {
    return realNow.call(this) + offset
  }
  t.teardown(() => {
    Date.prototype.getTime = realNow
  })
  const name = `[request-${Date.now()}-old] renderPageServerEntryRecursive()`
  for (let call = 1; call <= 99; call++) catchInfiniteLoop(name)
  offset = 5_001
  catchInfiniteLoop('[request-later] renderPageServerEntryRecursive()')
  t.doesNotThrow(() => catchInfiniteLoop(name), 'the old count was dropped with its tracker')
})
