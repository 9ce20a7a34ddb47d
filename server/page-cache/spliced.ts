import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * A cached page cut where per-response values go (the nonce; a 404's path), with a gzip form
 * prepared ahead of time: each piece is deflated on its own (no back-references across a cut) and
 * each value goes in between as a stored, uncompressed deflate block. A per-response value
 * therefore never takes part in compression (BREACH, ADR 0016), and the decompressed bytes equal
 * the pieces joined with the values.
 *
 * Everything but the values is encoded once, when the entry is made: a response copies bytes and
 * runs the gzip checksum from the first cut on (encoding the whole page per response was half of
 * a cached page's CPU). A page's first cut is its script nonce before `</body>`, so the checksum of
 * everything before it is kept with the entry and a response checks a few dozen bytes (a 404's
 * first cut is its path, about halfway).
 */
export interface SplicedBody {
  /** The page's UTF-8 bytes between the cuts. */
  pieces: Buffer[]
  /** Raw-deflate segments of the pieces, each ending on a byte boundary (sync flush). */
  deflated: Buffer[]
  /** Which value goes into each cut, in order: an index into the placeholders the page was cut on. */
  holes: number[]
  /** CRC-32 of the first piece: where every response's gzip checksum starts. */
  headChecksum: number
  bytes: number
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
// An empty final stored block: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])
/** A stored deflate block holds at most this many bytes. */
const STORED_MAX = 0xffff

/**
 * `body` cut at every occurrence of any of `placeholders` (strings of letters, digits, `/` and
 * `-` only, none a part of another).
 */
export function spliceable(body: string, placeholders: readonly string[]): SplicedBody {
  const cut = new RegExp(placeholders.join('|'), 'g')
  const texts: string[] = []
  const holes: number[] = []
  let from = 0
  for (const match of body.matchAll(cut)) {
    texts.push(body.slice(from, match.index))
    holes.push(placeholders.indexOf(match[0]))
    from = match.index + match[0].length
  }
  texts.push(body.slice(from))
  const pieces = texts.map((text) => Buffer.from(text))
  const deflated = pieces.map((piece) =>
    deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  )
  const bytes = [...pieces, ...deflated].reduce((sum, part) => sum + part.length, 0)
  return { pieces, deflated, holes, headChecksum: crc32(pieces[0] ?? Buffer.alloc(0)), bytes }
}

/** The page's parts in order, `values[i]` in every cut made at `placeholders[i]`. */
function partsOf(body: SplicedBody, values: readonly Buffer[], segments: readonly Buffer[]): Buffer[] {
  const parts: Buffer[] = []
  segments.forEach((segment, index) => {
    if (index > 0) parts.push(values[body.holes[index - 1] ?? -1] ?? Buffer.alloc(0))
    parts.push(segment)
  })
  return parts
}

/** The page with its values in the cuts, uncompressed. */
export function plain(body: SplicedBody, values: readonly string[]): Buffer {
  return Buffer.concat(
    partsOf(
      body,
      values.map((value) => Buffer.from(value)),
      body.pieces,
    ),
  )
}

function storedBlock(data: Buffer): Buffer {
  if (data.length > STORED_MAX) throw new RangeError('a value longer than one stored block')
  const block = Buffer.alloc(5 + data.length)
  block[0] = 0x00 // not final, stored; already byte-aligned after a sync flush
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

/** The page with its values in the cuts, as one gzip member. */
export function gzipped(body: SplicedBody, values: readonly string[]): Buffer {
  const valueBytes = values.map((value) => Buffer.from(value))
  // The checksum of what the stream decompresses to: the same parts, uncompressed, continued from
  // the first piece's (zlib's crc32 takes the running value to continue from).
  const [, ...afterHead] = partsOf(body, valueBytes, body.pieces)
  let checksum = body.headChecksum
  let length = body.pieces[0]?.length ?? 0
  for (const part of afterHead) {
    checksum = crc32(part, checksum)
    length += part.length
  }
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(checksum >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  return Buffer.concat([
    GZIP_HEADER,
    ...partsOf(body, valueBytes.map(storedBlock), body.deflated),
    FINAL_BLOCK,
    trailer,
  ])
}
