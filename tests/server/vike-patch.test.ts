/**
 * patches/vike+0.4.266.patch: Vike's infinite-loop guard, made O(1) per render (ADR 0104), and its
 * `objectAssign`, which assigns plain properties instead of defining each (ADR 0107), are applied
 * by `npm ci`; the guard still guards and `objectAssign` still leaves every property as
 * `Object.defineProperties` did. Their speed is the bench's (render rows), not a timed test.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'

const FILE = path.join(import.meta.dirname, '../../node_modules/vike/dist/utils/catchInfiniteLoop.js')
type Guard = (functionName: string) => void
const { catchInfiniteLoop } = (await import(pathToFileURL(FILE).href)) as { catchInfiniteLoop: Guard }
const ASSIGN_FILE = path.join(import.meta.dirname, '../../node_modules/vike/dist/utils/objectAssign.js')
type Assign = (obj: object, addendum: object | undefined, addendumCanBeOriginal?: boolean) => void
const { objectAssign } = (await import(pathToFileURL(ASSIGN_FILE).href)) as { objectAssign: Assign }

t.test('the installed Vike carries the patch (npm ci ran patch-package)', async (t) => {
  const source = readFileSync(FILE, 'utf8')
  t.match(source, 'const trackers = new Map()', 'trackers kept in creation order')
  t.notMatch(source, 'Object.keys(trackers)', 'no walk over every tracker per call')
  const assign = readFileSync(ASSIGN_FILE, 'utf8')
  t.match(assign, 'obj[key] = descriptor.value', 'objectAssign assigns plain properties')
  t.notMatch(assign, /^\s*Object\.defineProperties\(/m, 'no descriptor object per property of every addendum')
})

t.test('objectAssign leaves every property as Object.defineProperties did', async (t) => {
  const descriptorsAfter = (target: object, addendum: object) => {
    objectAssign(target, addendum)
    return Object.getOwnPropertyDescriptors(target)
  }
  const reference = (target: object, addendum: object) => {
    Object.defineProperties(target, Object.getOwnPropertyDescriptors(addendum))
    return Object.getOwnPropertyDescriptors(target)
  }
  const tag = Symbol('tag')
  const plain = () => ({ pageId: '/pages/index', is404: false, [tag]: 1 })
  t.strictSame(
    descriptorsAfter({ kept: 1 }, plain()),
    reference({ kept: 1 }, plain()),
    'plain values and symbols',
  )

  let reads = 0
  const withGetter = {}
  Object.defineProperty(withGetter, 'urlPathname', {
    get: () => {
      reads++
      return '/'
    },
    enumerable: true,
    configurable: true,
  })
  const target: { urlPathname?: string } = {}
  objectAssign(target, withGetter)
  t.equal(reads, 0, 'a getter is copied, not read')
  t.equal(target.urlPathname, '/', 'and answers on the target')
  t.type(Object.getOwnPropertyDescriptor(target, 'urlPathname')?.get, 'function')

  const hidden = Object.defineProperty({}, 'internal', { value: 1, enumerable: false, writable: false })
  t.strictSame(descriptorsAfter({}, hidden), reference({}, hidden), 'non-default attributes kept')
})

t.test('objectAssign never calls a setter the target has or inherits', async (t) => {
  const calls: unknown[] = []
  const inherited = Object.create({
    set httpResponse(value: unknown) {
      calls.push(value)
    },
  }) as { httpResponse?: unknown }
  objectAssign(inherited, { httpResponse: 'page' })
  t.same(calls, [], 'the inherited setter was not called')
  t.equal(
    Object.getOwnPropertyDescriptor(inherited, 'httpResponse')?.value,
    'page',
    'an own property instead',
  )

  const own = {}
  Object.defineProperty(own, 'is404', { set: (value: unknown) => calls.push(value), configurable: true })
  objectAssign(own, { is404: true })
  t.same(calls, [], "the target's own setter was not called")
  t.strictSame(Object.getOwnPropertyDescriptor(own, 'is404'), {
    value: true,
    writable: true,
    enumerable: true,
    configurable: true,
  })

  // JSON makes `__proto__` an own key: defined as a property, never a change of prototype.
  const fromJson = JSON.parse('{"__proto__": {"polluted": true}}') as object
  const target = {}
  objectAssign(target, fromJson)
  t.equal(Object.getPrototypeOf(target), Object.prototype, 'prototype unchanged')
  t.notOk('polluted' in {}, 'nothing reached Object.prototype')
  t.ok(Object.hasOwn(target, '__proto__'), 'kept as an own property, as defineProperties does')
})

t.test('objectAssign still refuses an original page context unless told', async (t) => {
  const original = { _isOriginalObject: true }
  t.throws(() => objectAssign({}, original))
  t.doesNotThrow(() => objectAssign({}, original, true))
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
