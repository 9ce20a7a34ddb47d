import type { SandboxWorld } from '../world.ts'

/**
 * One store of a kind per sandbox, shared by its region servers (a code issued on one may be
 * redeemed on another), reading the sandbox clock and emptied by `/__sandbox/reset`.
 */
export function perWorld<T extends { clear(): void }>(
  create: (now: () => number) => T,
): (world: SandboxWorld) => T {
  const stores = new WeakMap<SandboxWorld, T>()
  return (world) => {
    let store = stores.get(world)
    if (!store) {
      const created = create(() => world.now())
      world.onReset(() => created.clear())
      stores.set(world, created)
      store = created
    }
    return store
  }
}
