import path from 'node:path'
import type { Plugin } from 'vite'
import { PRERENDERED_DIR, prerenderImages } from '../server/image-variants.ts'
import { PAGE_IMAGES } from '../shared/frame/constants.ts'
import { afterClientBuild } from './after-client-build.ts'

/**
 * Vite plugin: renders the pages' own images (PAGE_IMAGES) in every format the image endpoint
 * answers, once the client build (with its media folder) is written. The server reads them at
 * start instead of loading sharp to render them (ADR 0100).
 */
export function prerenderPageImages(): Plugin {
  return afterClientBuild('account-edge:prerender-images', (outDir) =>
    // dist/client → dist/prerendered-images: beside the page build, not served as a static file.
    prerenderImages(
      Object.values(PAGE_IMAGES),
      path.join(outDir, 'static/media'),
      path.join(outDir, '..', PRERENDERED_DIR),
    ),
  )
}
