/**
 * Node strips TypeScript's types itself, so tap runs the test files without a loader (package.json:
 * about half a second of CPU less per file than tsx). JSX is the one thing it cannot run: a test
 * that renders client components imports this module first and then loads the `.tsx` files with
 * `await import(...)` (a static import would be loaded before this registration runs).
 */
import { register } from 'tsx/esm/api'

register()
