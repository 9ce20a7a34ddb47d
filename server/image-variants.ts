import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Sharp, SharpOptions } from 'sharp'
import {
  IMAGE_QUALITIES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  MEDIA_PREFIX,
} from '../shared/frame/constants.ts'

/**
 * What the image endpoint answers (spec §7, §9), shared by the server and the build: the checked
 * request, the negotiated format, the render, and the pages' own images rendered at build time.
 */

export type OutputFormat = 'avif' | 'webp' | 'png' | 'jpeg'

export interface ImageRequest {
  source: string
  file: string
  extension: string
  width: number
  quality: number
}

export interface Rendered {
  body: Buffer
  contentType: string
  byteLength: number
}

/** Formats a page's image may be answered in: what negotiateFormat picks for common browsers. */
const PRERENDER_FORMATS = ['avif', 'webp'] as const

const ALLOWED_WIDTHS: ReadonlySet<number> = new Set<number>([...IMAGE_WIDTHS, ...IMAGE_SIZES])
/** Only the qualities our pages ask for: every other value would be one more uncached variant. */
const ALLOWED_QUALITIES: ReadonlySet<number> = new Set<number>(IMAGE_QUALITIES)
/** A file under the media prefix: segments never start with a dot (no `..`), raster or SVG only. */
const SOURCE = new RegExp(
  `^${MEDIA_PREFIX.replaceAll('/', '\\/')}((?:[A-Za-z0-9_-][A-Za-z0-9._-]*\\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\\.(png|jpe?g|webp|avif|gif|svg))$`,
)
const MAX_INPUT_PIXELS = 40_000_000
const MAX_SVG_DENSITY = 2400

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp
let sharpLoading: Promise<SharpFactory> | undefined

/**
 * sharp, loaded on the first render. Loading it maps libvips and its codecs into the process and
 * rendering keeps libvips' buffers: ≈ 35–40 MB resident, measured (ADR 0100). A server whose
 * visitors only ask for the pages' own images (rendered by the build) never pays for it.
 */
function loadSharp(): Promise<SharpFactory> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    // libvips would otherwise give every resize all cores: one resize per core leaves the others
    // to page renders (a 3840-px AVIF costs seconds of CPU).
    sharp.concurrency(1)
    return sharp
  })
  return sharpLoading
}

/** The cache key of one variant: every input of the render. */
export function variantKey(image: Pick<ImageRequest, 'source' | 'width' | 'quality'>, format: OutputFormat) {
  return `${image.source}|${image.width}|${image.quality}|${format}`
}

/** The best format this browser accepts: AVIF, then WebP, else the source's own kind. */
export function negotiateFormat(accept: string | undefined, sourceExtension: string): OutputFormat {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([type = '']) => type.trim()),
  )
  if (accepted.has('image/avif')) return 'avif'
  if (accepted.has('image/webp')) return 'webp'
  return sourceExtension === 'jpg' || sourceExtension === 'jpeg' ? 'jpeg' : 'png'
}

/** Every format a page's image is prepared in: the negotiated ones and the source's fallback. */
export function preparedFormats(image: Pick<ImageRequest, 'extension'>): OutputFormat[] {
  return [...PRERENDER_FORMATS, negotiateFormat(undefined, image.extension)]
}

/** The checked request, or undefined for anything that is not exactly what spec §7 allows. */
export function parseImageQuery(query: unknown, mediaDir: string): ImageRequest | undefined {
  if (typeof query !== 'object' || query === null) return undefined
  const { url, w, q } = query as Record<string, unknown>
  if (typeof url !== 'string' || typeof w !== 'string') return undefined
  if (q !== undefined && typeof q !== 'string') return undefined
  const match = SOURCE.exec(url)
  if (!match?.[1] || !match[2]) return undefined
  if (!/^\d{1,4}$/.test(w) || !ALLOWED_WIDTHS.has(Number(w))) return undefined
  if (q !== undefined && (!/^\d{1,3}$/.test(q) || !ALLOWED_QUALITIES.has(Number(q)))) return undefined
  const root = path.resolve(mediaDir)
  const file = path.resolve(root, match[1])
  if (!file.startsWith(`${root}${path.sep}`)) return undefined
  return {
    source: url,
    file,
    extension: match[2].toLowerCase(),
    width: Number(w),
    quality: q === undefined ? IMAGE_QUALITY : Number(q),
  }
}

export async function renderVariant(request: ImageRequest, format: OutputFormat): Promise<Rendered> {
  const sharp = await loadSharp()
  const input = await readFile(request.file)
  const isSvg = request.extension === 'svg'
  let density: number | undefined
  if (isSvg) {
    // Rasterise the vector at the asked width instead of scaling up a 72-dpi bitmap.
    const { width = request.width } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    density = Math.min(MAX_SVG_DENSITY, Math.max(1, (72 * request.width) / Math.max(1, width)))
  }
  let pipeline = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    ...(density ? { density } : {}),
  })
    .rotate()
    // Raster sources are never enlarged (as Next.js does); vectors render at the asked width.
    .resize({ width: request.width, withoutEnlargement: !isSvg })
  const quality = request.quality
  if (format === 'avif') pipeline = pipeline.avif({ quality, effort: 3 })
  else if (format === 'webp') pipeline = pipeline.webp({ quality })
  else if (format === 'jpeg') pipeline = pipeline.jpeg({ quality, mozjpeg: true })
  else pipeline = pipeline.png({ compressionLevel: 9 })
  const body = await pipeline.toBuffer()
  return { body, contentType: `image/${format}`, byteLength: body.byteLength }
}

/** Where the build leaves the pages' own images, rendered: `dist/<PRERENDERED_DIR>/`. */
export const PRERENDERED_DIR = 'prerendered-images'
const MANIFEST = 'manifest.json'

interface PreparedVariant {
  key: string
  file: string
  contentType: string
}

/**
 * Build time: renders `images` (sources under `mediaDir`) in every prepared format into `outDir`,
 * with a manifest of their keys. Returns how many variants it wrote.
 */
export async function prerenderImages(
  images: readonly { source: string; width: number }[],
  mediaDir: string,
  outDir: string,
): Promise<number> {
  await mkdir(outDir, { recursive: true })
  const variants: PreparedVariant[] = []
  for (const { source, width } of images) {
    const image = parseImageQuery({ url: source, w: String(width) }, mediaDir)
    if (!image) throw new Error(`page image ${source} at ${width} px is not a valid image request`)
    for (const format of preparedFormats(image)) {
      const rendered = await renderVariant(image, format)
      const file = `${path.basename(image.file)}-${image.width}-${image.quality}.${format}`
      await writeFile(path.join(outDir, file), rendered.body)
      variants.push({ key: variantKey(image, format), file, contentType: rendered.contentType })
    }
  }
  await writeFile(path.join(outDir, MANIFEST), `${JSON.stringify({ variants }, null, 2)}\n`)
  return variants.length
}

/** Run time: the variants a build prepared in `dir`, by key; empty when there are none. */
export async function readPrerendered(dir: string): Promise<Map<string, Rendered>> {
  const prepared = new Map<string, Rendered>()
  let manifest: { variants: PreparedVariant[] }
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as typeof manifest
  } catch {
    return prepared
  }
  for (const { key, file, contentType } of manifest.variants) {
    const body = await readFile(path.join(dir, path.basename(file)))
    prepared.set(key, { body, contentType, byteLength: body.byteLength })
  }
  return prepared
}
