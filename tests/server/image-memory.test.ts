import { readFileSync } from 'node:fs'
import t from 'tap'
import { IMAGE_ROUTE } from '../../server/routes/image.ts'
import { imageQuery, PAGE_IMAGES } from '../../shared/frame/constants.ts'
import { startServerProcess } from '../support/server-process.ts'

// A real production process (issue 19 point 4, ADR 0100): the build renders the pages' own images,
// so a pod whose visitors only ask for those never maps libvips (sharp's ≈ 35–40 MB resident).
// The first image the build did not prepare loads it, which shows the check can see it.

const librariesOf = (pid: number) => readFileSync(`/proc/${pid}/maps`, 'utf8')
const mapsLibvips = (pid: number) => /libvips/.test(librariesOf(pid))

t.test(
  'images › the pages’ own images come from the build: sharp is loaded only for another variant',
  async (t) => {
    const server = await startServerProcess()
    t.teardown(() => {
      server.child.kill('SIGKILL')
    })
    const pid = server.child.pid ?? 0
    const logo = `${server.baseUrl}/auth${imageQuery(PAGE_IMAGES.externalLogo)}`
    for (const accept of ['image/avif,image/webp,*/*', 'image/webp,*/*', 'image/png']) {
      const response = await fetch(logo, { headers: { accept } })
      await response.arrayBuffer()
      t.equal(response.status, 200, accept)
      t.equal(response.headers.get('x-image-cache'), 'HIT', `${accept}: the build's render`)
    }
    t.notOk(mapsLibvips(pid), 'libvips is not mapped into the server')

    const other = await fetch(
      `${server.baseUrl}${IMAGE_ROUTE}?url=${encodeURIComponent(PAGE_IMAGES.externalLogo.source)}&w=128`,
      { headers: { accept: 'image/webp' } },
    )
    await other.arrayBuffer()
    t.equal(other.status, 200, 'another width is rendered')
    t.equal(other.headers.get('x-image-cache'), 'MISS')
    t.ok(mapsLibvips(pid), 'now libvips is mapped: the check sees it')
  },
)
