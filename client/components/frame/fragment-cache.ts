/**
 * Frame parts rendered once per key (ADR 0060). A part's HTML depends on its key — which part,
 * language, whether links carry the language, edition, device, signed in — and on one thing more:
 * the link that matches the current page gets `aria-current="page"`. So each entry remembers the
 * paths its links point to; a page whose path is not among them shares the entry, a page whose
 * path is gets an entry of its own. Memory stays bounded: the keys are a small fixed set and the
 * paths come from the part's own links, never from the request.
 */
interface Entry {
  html: string
  linkPaths: Set<string>
}

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** The paths FrameLink compares with the current page (client/components/frame/FrameLink.tsx). */
export function linkPathsOf(html: string): Set<string> {
  const paths = new Set<string>()
  for (const [, raw = ''] of html.matchAll(/ href="([^"]*)"/g)) {
    const href = raw.replaceAll('&amp;', '&')
    if (href.includes('#')) continue
    paths.add(trim(href.split(/[?#]/, 1)[0] ?? ''))
  }
  return paths
}

export class FragmentCache {
  readonly #shared = new Map<string, Entry>()
  readonly #current = new Map<string, string>()

  /** The HTML of `key` on the page at `pathname` (decoded, as FrameLink compares it). */
  html(key: string, pathname: string, render: () => string): string {
    const path = trim(pathname)
    const shared = this.#shared.get(key)
    if (shared && !shared.linkPaths.has(path)) return shared.html
    const ownKey = `${key}\n${path}`
    const own = this.#current.get(ownKey)
    if (own !== undefined) return own
    const html = render()
    const linkPaths = linkPathsOf(html)
    if (linkPaths.has(path)) this.#current.set(ownKey, html)
    else this.#shared.set(key, { html, linkPaths })
    return html
  }

  get size(): number {
    return this.#shared.size + this.#current.size
  }
}
