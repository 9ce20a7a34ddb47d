import type { resources } from './resources.ts'

/** A translation namespace: a key of the tables registered in resources.ts. */
export type Namespace = keyof (typeof resources)['en']

/**
 * What the frame (bar, menus, footer, toasts, call-layer errors) uses on every page: always
 * loaded. A page adds its own with the `namespaces` setting of its +config.ts (docs/pages.md).
 */
export const FRAME_NAMESPACES = ['common', 'errors', 'frame'] as const satisfies readonly Namespace[]

/** One namespace's messages: nested objects of strings. */
export interface Messages {
  readonly [key: string]: string | Messages
}
