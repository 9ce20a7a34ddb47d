import type { Plugin, Rolldown } from 'vite'

/**
 * What every page runs before it hydrates goes into one chunk (ADR 0085): React, React DOM,
 * Vike's client router, vike-react, and the app's modules that the global +Layout, +Wrapper,
 * +onBeforeRenderClient and +lang import. Left to the automatic chunking they were six files
 * (the router, its global entry, React with the translation hooks, React DOM with the frame...),
 * and each file costs its own gzip stream and import/export glue: ≈ 2 KB gzip on every page.
 * A page's own code, the locale files and everything loaded on use stay in chunks of their own.
 */

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime|vite[\\/]preload-helper/
const EVERY_PAGE =
  /[\\/]client[\\/](pages[\\/]\+(Layout|Wrapper|onBeforeRenderClient|lang)\.tsx?|runtime[\\/](router|render)\.tsx?)$/
/** Vike's client router, which the pages no longer load (ADR 0102): never part of what they load. */
const VIKE_RUNTIME = /[\\/]node_modules[\\/](vike|@brillout)[\\/]/
const CHUNK = 'first-load'

/** True when a global + file imports the module, directly or through other static imports. */
function importedByEveryPage(
  id: string,
  context: Rolldown.ChunkingContext,
  known: Map<string, boolean>,
): boolean {
  const answer = known.get(id)
  if (answer !== undefined) return answer
  known.set(id, false) // an import cycle answers "no" until one of its importers says yes
  const result =
    EVERY_PAGE.test(id) ||
    (context.getModuleInfo(id)?.importers ?? []).some((importer) =>
      importedByEveryPage(importer, context, known),
    )
  known.set(id, result)
  return result
}

export function firstLoadChunk(): Plugin {
  return {
    name: 'account-edge:first-load-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(options) {
      const known = new Map<string, boolean>()
      const group: Rolldown.CodeSplittingGroup = {
        name: (id, context) =>
          !VIKE_RUNTIME.test(id) && (FRAMEWORK.test(id) || importedByEveryPage(id, context, known))
            ? CHUNK
            : null,
      }
      return { ...options, codeSplitting: { groups: [group] } }
    },
  }
}
