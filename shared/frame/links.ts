import { type Language, signUpLanguageQuery } from '../language.ts'
import { LANGUAGE_PLACEHOLDER, SIGN_UP_LANGUAGE_PLACEHOLDER } from './constants.ts'
import type { LinkTarget } from './types.ts'

export interface LinkContext {
  /** The site base (SITE_BASE); a trailing slash is ignored. */
  base: string
  language: Language
}

/** Spec §5: links starting with `http` or `//` are left as they are. */
export function isAbsoluteHref(href: string): boolean {
  return href.startsWith('http') || href.startsWith('//')
}

/** `mailto:` and `tel:` are not paths either; they are left alone like absolute links. */
function isOtherScheme(href: string): boolean {
  return /^(mailto|tel):/i.test(href)
}

/**
 * The link rule of spec §5: absolute links untouched; anything else gets the base minus its
 * trailing slash in front, with the language placeholders replaced by the current language.
 */
export function resolveHref(href: string, context: LinkContext): string {
  if (isAbsoluteHref(href) || isOtherScheme(href)) return href
  const base = context.base.replace(/\/+$/, '')
  const path = href
    .replaceAll(LANGUAGE_PLACEHOLDER, context.language)
    .replaceAll(SIGN_UP_LANGUAGE_PLACEHOLDER, encodeURIComponent(signUpLanguageQuery(context.language)))
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`
}

interface SplitHref {
  path: string
  params: string[]
  hash: string
}

function splitHref(href: string): SplitHref {
  const hashAt = href.indexOf('#')
  const hash = hashAt >= 0 ? href.slice(hashAt) : ''
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href
  const queryAt = rest.indexOf('?')
  const path = queryAt >= 0 ? rest.slice(0, queryAt) : rest
  const query = queryAt >= 0 ? rest.slice(queryAt + 1) : ''
  return { path, params: query.split('&').filter(Boolean), hash }
}

function paramName(param: string): string {
  const raw = param.split('=', 1)[0] ?? ''
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '))
  } catch {
    return raw
  }
}

function joinHref({ path, params, hash }: SplitHref): string {
  return `${path}${params.length ? `?${params.join('&')}` : ''}${hash}`
}

/** True when the link already says which language it wants (even an empty `language=`). */
export function hasLanguageParam(href: string): boolean {
  return splitHref(href).params.some((param) => paramName(param) === 'language')
}

/** The same link with `language=<language>` (replacing any it had), other parameters kept in order. */
export function withLanguageParam(href: string, language: Language): string {
  const parts = splitHref(href)
  const params = parts.params.filter((param) => paramName(param) !== 'language')
  params.push(`language=${language}`)
  return joinHref({ ...parts, params })
}

/** The same link without any `language` parameter, other parameters kept as they were written. */
export function withoutLanguageParam(href: string): string {
  const parts = splitHref(href)
  return joinHref({ ...parts, params: parts.params.filter((param) => paramName(param) !== 'language') })
}

export interface FrameLinkContext extends LinkContext {
  /**
   * The page's URL names its language explicitly (so it differs from the visitor's default, or the
   * BFF would have dropped it): in-site links keep it so the next page stays in that language.
   */
  carryLanguage: boolean
}

/** resolveHref, then the language kept on in-site links that do not choose one themselves. */
export function frameHref(href: string, context: FrameLinkContext): string {
  const resolved = resolveHref(href, context)
  if (!context.carryLanguage || isAbsoluteHref(resolved) || isOtherScheme(resolved)) return resolved
  if (hasLanguageParam(resolved)) return resolved
  return withLanguageParam(resolved, context.language)
}

export interface AnchorAttributes {
  href: string
  target?: LinkTarget
  rel?: string
  /** Vike's client router leaves links with `data-vike="false"` to the browser (full page load). */
  'data-vike'?: 'false'
}

/**
 * The attributes of an anchor: new tabs get `noopener noreferrer`; absolute links and links
 * flagged `fullReload` (outside the Vike app, like "base path disabled") are full page loads.
 * In-site links stay client-side navigations.
 */
export function anchorAttributes(
  href: string,
  target?: LinkTarget,
  options: { fullReload?: boolean } = {},
): AnchorAttributes {
  const attributes: AnchorAttributes = { href }
  if (target === '_blank') {
    attributes.target = '_blank'
    attributes.rel = 'noopener noreferrer'
  }
  if (options.fullReload || isAbsoluteHref(href)) attributes['data-vike'] = 'false'
  return attributes
}

/** Spec §7 navigation: `/auth/sign_up?language=(empty for Chinese | en_US)[&serviceEmail=…]`, unchecked. */
export function signUpHref(language: Language, serviceEmail?: string): string {
  const query = `language=${encodeURIComponent(signUpLanguageQuery(language))}`
  const email = serviceEmail === undefined ? '' : `&serviceEmail=${encodeURIComponent(serviceEmail)}`
  return `/auth/sign_up?${query}${email}`
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: encoding control characters is the point
const UNSAFE_IN_HREF = /[\u0000-\u0020\u007f"'<>\\`]|[^\u0000-\u007f]/gu

function percentEncode(char: string): string {
  try {
    return encodeURIComponent(char)
  } catch {
    return '%EF%BF%BD' // a lone surrogate: U+FFFD, as browsers write it
  }
}

/**
 * A path (and query) of this site, safe to put in an `href` or a `Location` header, built from
 * what a request carried. Control characters (browsers drop tab/CR/LF, so `/<TAB>/evil` becomes
 * `//evil`), spaces, quotes, backslashes (read as `/`) and non-ASCII are percent-encoded, and the
 * leading slashes collapse to one: the result is always path-absolute, so it cannot name a host.
 * Build it from the raw, still-encoded path: decoding first would turn `%09` into a real tab.
 */
export function sameSitePath(path: string): string {
  const encoded = path.replace(UNSAFE_IN_HREF, percentEncode)
  return encoded.startsWith('/') ? encoded.replace(/^\/+/, '/') : `/${encoded}`
}

/** Where the language switch goes: this page with `language=<target>`, the rest of the query kept. */
export function languageSwitchHref(currentUrl: string, target: Language): string {
  return withLanguageParam(sameSitePath(currentUrl), target)
}

/**
 * Query parameters that pages read only in the browser (the sign-up form fills the footer
 * banner's address from `serviceEmail` after hydration; a campaign's `utm_*` tags are for the
 * analytics that read the address bar): the server's HTML never depends on them, so the page
 * cache leaves them out of its key and the frame's links are built without them on both sides
 * (the language switch adds them back in the browser). A page stays cacheable when a visitor
 * arrives with one (architecture rule: echoes are filled in on the client) — a campaign's
 * visitors get the cached page instead of a render each, spending their address's render budget
 * (ADR 0111). By exact name: any other parameter still makes the page a render of its own.
 */
export const CLIENT_FILLED_QUERY: ReadonlySet<string> = new Set([
  'serviceEmail',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
])

/** `search` (without its `?`, still encoded) less the client-filled parameters. */
export function withoutClientFilledQuery(search: string): string {
  if (search === '') return search
  return search
    .split('&')
    .filter((pair) => {
      const equals = pair.indexOf('=')
      return !CLIENT_FILLED_QUERY.has(equals < 0 ? pair : pair.slice(0, equals))
    })
    .join('&')
}
