import { existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import t from 'tap'
import { build, ROOT } from '../helper.ts'
import { hasControlOrBackslash, hostilePaths } from '../support/hostile-paths.ts'

const SITE = 'http://site.test'

/** href, src and action values of a page, entity-decoded as a browser reads them. */
function linksOf(html: string): string[] {
  const out: string[] = []
  for (const match of html.matchAll(/\s(?:href|src|action)="([^"]*)"/g)) {
    out.push(
      (match[1] ?? '')
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'"),
    )
  }
  return out
}

/** One request written as is on a fresh connection (no client would send an absolute-form line). */
function rawRequest(port: number, requestLine: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('error', reject)
    socket.on('end', () => {
      const head = answer.slice(0, answer.indexOf('\r\n\r\n'))
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
        location: /\r\nlocation: ([^\r]*)/i.exec(head)?.[1],
      })
    })
    socket.write(`${requestLine}\r\nHost: site.test\r\nConnection: close\r\n\r\n`)
  })
}

/** A request path a crafted link could make a browser send (tabs and CR/LF only arrive encoded). */
function requestable(hostile: string): string | undefined {
  const spelled = hostile
    .replace(/[\t\r\n]/g, (c) => encodeURIComponent(c))
    .replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c))
  return spelled.startsWith('/') ? spelled : undefined
}

if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
  t.fail('dist/ is missing: run `npx vike build` first (npm test does)')
} else {
  t.test('pages for hostile URLs › no root-relative link or redirect leaves the site', async (t) => {
    const { app } = await build(t, { ssr: true })
    const urls = new Set<string>([
      '/%09/evil.example',
      '/auth/%09/evil.example',
      '/\\evil.example/',
      '/%5Cevil.example/',
    ])
    for (const hostile of hostilePaths()) {
      const url = requestable(hostile)
      if (url) urls.add(url)
      urls.add(`/auth/sign_in?return=${encodeURIComponent(hostile)}&language=zh`)
    }
    // Every third one keeps the run short while covering each kind of trick.
    const sample = [...urls].filter((_url, index) => index % 3 === 0 || index < 8)
    t.ok(sample.length > 150, `${sample.length} hostile URLs`)
    let checkedLinks = 0
    for (const url of sample) {
      for (const language of ['en', 'zh']) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } })
        const pageUrl = `${SITE}${url.replace(/\\/g, '%5C')}`
        const location = response.headers.location
        if (typeof location === 'string' && !/^https?:/i.test(location)) {
          if (new URL(location, pageUrl).origin !== SITE)
            t.fail(`${url}: redirect to ${location} leaves the site`)
        }
        for (const link of linksOf(response.body)) {
          if (/^(https?:|mailto:|tel:)/i.test(link)) {
            if (/evil\.example/.test(link)) t.fail(`${url}: absolute link names the hostile host: ${link}`)
            continue
          }
          checkedLinks++
          // Browsers drop tab/CR/LF inside URLs before resolving: so does the WHATWG parser here.
          if (new URL(link, pageUrl).origin !== SITE)
            t.fail(`${url}: link ${JSON.stringify(link)} leaves the site`)
          if (hasControlOrBackslash(link))
            t.fail(`${url}: control character or backslash in ${JSON.stringify(link)}`)
        }
      }
    }
    t.ok(checkedLinks > 1000, `${checkedLinks} links checked`)
  })

  t.test("Vike's slash redirect › never answers a Location a browser reads as another host", async (t) => {
    const { app } = await build(t, { ssr: true })
    for (const url of ['/\\evil.example/', '/%5Cevil.example/', '/\\\\evil.example/x/', '/auth/sign_in/']) {
      const response = await app.inject(url)
      const location = response.headers.location
      if (typeof location !== 'string') {
        t.not(response.statusCode, 500, `${url}: answered without redirect`)
        continue
      }
      t.ok(location.startsWith('/') && !location.startsWith('//'), `${url} → ${location}`)
      t.notMatch(location, /\\/, `${url}: no backslash in Location`)
      t.equal(new URL(location, SITE).origin, SITE, `${url}: stays on the site`)
    }
  })

  t.test('absolute-form request line › never redirected to the host it names', async (t) => {
    const { app } = await build(t, { ssr: true })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    const slashes = await rawRequest(port, 'GET http://evil.example//x HTTP/1.1')
    t.equal(slashes.status, 301, "Vike's slash redirect still answers")
    t.equal(slashes.location, '/x', 'to the path on this site')
    const trailing = await rawRequest(port, 'GET http://evil.example/auth/sign_in/ HTTP/1.1')
    t.equal(trailing.location, '/auth/sign_in')
    const health = await rawRequest(port, 'GET https://evil.example/healthz HTTP/1.1')
    t.equal(health.status, 200, 'served as the path it names')
    const credentials = await rawRequest(port, 'GET http://user:pw@evil.example//x HTTP/1.1')
    t.equal(credentials.status, 400, 'a target with credentials is refused')
    const otherScheme = await rawRequest(port, 'GET ftp://evil.example//x HTTP/1.1')
    t.equal(otherScheme.status, 400, 'so is one of another scheme')
    for (const answer of [slashes, trailing, health, credentials, otherScheme])
      t.notMatch(String(answer.location), /evil/)
  })
}
