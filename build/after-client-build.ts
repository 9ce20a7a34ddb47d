import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * A Vite plugin that runs `task` with the client build's output folder once that build is written
 * (the SSR build is left alone): what the build prepares from its own files.
 */
export function afterClientBuild(name: string, task: (outDir: string) => Promise<unknown>): Plugin {
  let outDir = ''
  let isClient = false
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      isClient = !config.build.ssr
    },
    async closeBundle() {
      if (isClient) await task(outDir)
    },
  }
}
