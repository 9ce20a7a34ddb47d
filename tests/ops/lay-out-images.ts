// Lays out both targets of the runtime image, as the Dockerfile's build stage does with
// `node build/runtime-files.ts <dir> [--demo]` (the same `layOut`), in one process that traces once:
// the demo trace reuses the runtime trace's analysis of every file (≈ 15 s of CPU saved).
//   node tests/ops/lay-out-images.ts <runtime-dir> <demo-dir>
// Run by tests/ops/runtime-image.test.ts in a process of its own, outside tap's coverage.
import path from 'node:path'
import { layOut } from '../../build/runtime-files.ts'

const [runtimeDir, demoDir] = process.argv.slice(2)
if (!runtimeDir || !demoDir) {
  process.stderr.write('usage: node tests/ops/lay-out-images.ts <runtime-dir> <demo-dir>\n')
  process.exit(2)
}
const traceCache = {}
await layOut(path.resolve(runtimeDir), { demo: false, traceCache })
await layOut(path.resolve(demoDir), { demo: true, traceCache })
