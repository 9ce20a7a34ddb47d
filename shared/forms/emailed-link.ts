/**
 * An e-mailed link pasted whole (`…/auth/reset#id=…`, `…/auth/sign_up/verify?language=zh#id=…&region=…`),
 * or its id alone: what a page reads from its own URL's fragment with JavaScript, read here from
 * what the visitor pasted into a form (issue 21). The id rides in the fragment so that it never
 * reaches a server's logs (security.md #22); a pasted one reaches the server only in a POST body.
 */
export interface PastedLink {
  id: string
  /** The fragment's other parameters (the sign-up link's `region`). */
  params: URLSearchParams
  /** The path the link leads to, when a whole link was pasted: which kind of link it is. */
  path?: string
}

export function pastedLinkOf(pasted: string): PastedLink | undefined {
  const text = pasted.trim()
  const hash = text.indexOf('#')
  if (hash < 0) {
    // The id alone: anything that looks like part of an address is not one.
    return text && !text.includes('/') && !text.includes('=')
      ? { id: text, params: new URLSearchParams() }
      : undefined
  }
  const params = new URLSearchParams(text.slice(hash + 1))
  const id = params.get('id')
  if (!id) return undefined
  const before = text.slice(0, hash)
  if (!before) return { id, params }
  return { id, params, path: pathOf(before) }
}

/** The path of a pasted address; the base serves only one pasted without scheme and host. */
function pathOf(address: string): string {
  try {
    return new URL(address, 'http://pasted.invalid').pathname
  } catch {
    return address
  }
}

/**
 * A pasted link that must lead to `path` (the sign-up's verify page): the link, or why not — no
 * link at all, or a link of another kind (a reset link). An id pasted alone is taken as it is.
 */
export function pastedLinkTo(path: string, pasted: string): PastedLink | 'notALink' | 'otherKind' {
  const link = pastedLinkOf(pasted)
  if (!link) return 'notALink'
  return link.path === undefined || link.path === path ? link : 'otherKind'
}
