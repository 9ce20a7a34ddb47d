/** The value of the one sample of `name` carrying all these labels (any order), NaN if none. */
export function sampleOf(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const present = match[2] ?? ''
    if (Object.entries(labels).every(([label, value]) => present.includes(`${label}="${value}"`)))
      return Number(match[3])
  }
  return Number.NaN
}
