/*
 * Keeping a page's HTML in Latin-1. V8 stores a string whose characters are all at or
 * below U+00FF one byte per character; a single character above it makes every string built from
 * it — each concatenation of a render, each flattening, the socket's UTF-8 encoding — two bytes per
 * character. The other language's name (中文) on every English page did that to ≈ 26 KB of HTML:
 * written as character references, the browser shows the same text and an English render costs
 * ≈ 8 % less CPU (ADR 0109). Only for text on every page; a Chinese page is two-byte anyway.
 */

/** HTML showing `text`: markup characters escaped, characters above U+00FF as references. */
export function latin1Html(text: string): string {
  let html = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code > 0xff) html += `&#x${code.toString(16)};`
    else if (char === '&') html += '&amp;'
    else if (char === '<') html += '&lt;'
    else if (char === '>') html += '&gt;'
    else if (char === '"') html += '&quot;'
    else html += char
  }
  return html
}
