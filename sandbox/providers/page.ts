/** The HTML pieces every simulated provider page shares (identity, channel and WeCom pages). */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A small standalone page: the provider pages run on the sandbox's origin, outside the BFF's CSP. */
export function providerPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label,input{display:block;width:100%;box-sizing:border-box}input{padding:.5rem;margin:.25rem 0 1rem}button{padding:.5rem 1rem;margin-right:.5rem}</style>
<body><h1>${escapeHtml(title)}</h1>
${body}
<p><small>Sandbox stand-in: no data leaves this machine.</small></p></body></html>`
}

export function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
}

/** Only the string values of a parsed query or form body. */
export function stringFields(source: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (typeof source !== 'object' || source === null) return out
  for (const [key, value] of Object.entries(source)) if (typeof value === 'string') out[key] = value
  return out
}
