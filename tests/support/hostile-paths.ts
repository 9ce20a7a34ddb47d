/**
 * Generated path spellings that try to leave the site once a browser or a URL parser has
 * normalised them: dot segments (plain and percent-encoded), doubled, encoded and back-slashes,
 * tab/CR/LF (which browsers drop), and Unicode look-alikes of `/`, `\` and `.`.
 */
const PREFIXES = ['/', '/a/', '/a/b/', '/auth/']
const DOTS = ['.', '..', '%2e', '%2E', '.%2e', '%2e%2e', '%2E.', '%252e', '%252e%252e']
const SEPARATORS = [
  '/',
  '//',
  '\\',
  '/\\',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%2f%2f',
  '\t/',
  '/\t',
  '\r\n/',
  '%09/',
  '%0d%0a/',
]
const LOOK_ALIKES = ['\uff0f', '\u2044', '\u2215', '\uff3c', '\ufe68', '\u3002', '\uff0e', '\u2024']
const HOST = 'evil.example/p'

export function hostilePaths(): string[] {
  const out = new Set<string>()
  for (const prefix of PREFIXES) {
    for (const dot of DOTS) for (const sep of SEPARATORS) out.add(`${prefix}${dot}${sep}${HOST}`)
    for (const sep of SEPARATORS) out.add(`${prefix}${sep}${HOST}`)
    for (const look of LOOK_ALIKES) {
      out.add(`${prefix}${look}${look}${HOST}`)
      out.add(`/${look}/${HOST}`)
    }
  }
  for (const sep of SEPARATORS) out.add(`${sep}${HOST}`)
  for (const sep of SEPARATORS) out.add(`${sep}${sep}${HOST}`)
  for (const extra of [
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'HTTPS:evil.example',
    'javascript:alert(1)',
    ' /\t/evil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '%252F%252Fevil.example',
    '/.//evil.example/p',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    '/x/%2e%2e/%2e%2e//evil.example',
    '/;/evil.example',
    '/@evil.example',
  ])
    out.add(extra)
  return [...out]
}

/** The origin a browser on `siteOrigin` ends up at for an href or a Location value. */
export function resolvedOrigin(href: string, pageUrl: string): string {
  return new URL(href, pageUrl).origin
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/

/** Browsers drop tab/CR/LF and read `\` as `/`: neither may reach an href or a Location. */
export function hasControlOrBackslash(value: string): boolean {
  return CONTROL_OR_BACKSLASH.test(value)
}
