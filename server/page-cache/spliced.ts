import { constants, crc32, deflateRawSync } from 'node:zlib'
import { crc32Combine, crc32Shift } from './crc32-combine.ts'

/**
 * A cached page cut where the nonce goes, with a gzip form prepared ahead of time: each piece is
 * deflated on its own (no back-references across the cut) and the nonce goes in between as a
 * stored, uncompressed deflate block. The nonce therefore never takes part in compression
 * (BREACH, ADR 0016), and the decompressed bytes equal `pieces.join(nonce)`.
 *
 * Everything but the nonce is encoded once, when the entry is made: a response only copies
 * bytes and combines the pieces' own checksums with the nonce's (encoding the whole page per
 * response was half of a cached page's CPU; running the checksum over it, another 4 %).
 */
export interface SplicedBody {
  /** The page's UTF-8 bytes between nonces. */
  pieces: Buffer[]
  /** Raw-deflate segments of the pieces, each ending on a byte boundary (sync flush). */
  deflated: Buffer[]
  /** Each piece's CRC-32 and `crc32Shift` of its length: the gzip checksum without reading the page. */
  checksums: number[]
  shifts: number[]
  bytes: number
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
// An empty final stored block: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])
/** A stored deflate block holds at most this many bytes. */
const STORED_MAX = 0xffff

export function spliceable(body: string, placeholder: string): SplicedBody {
  const pieces = body.split(placeholder).map((piece) => Buffer.from(piece))
  const deflated = pieces.map((piece) =>
    deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  )
  const bytes = [...pieces, ...deflated].reduce((sum, part) => sum + part.length, 0)
  return {
    pieces,
    deflated,
    checksums: pieces.map((piece) => crc32(piece)),
    shifts: pieces.map((piece) => crc32Shift(piece.length)),
    bytes,
  }
}

/** The page with `nonce` in every cut, uncompressed. */
export function plain(body: SplicedBody, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  const parts: Buffer[] = []
  body.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(nonceBytes)
    parts.push(piece)
  })
  return Buffer.concat(parts)
}

function storedBlock(data: Buffer): Buffer {
  if (data.length > STORED_MAX) throw new RangeError('a nonce longer than one stored block')
  const block = Buffer.alloc(5 + data.length)
  block[0] = 0x00 // not final, stored; already byte-aligned after a sync flush
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

/** The page with `nonce` in every cut, as one gzip member. */
export function gzipped(body: SplicedBody, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  const nonceBlock = storedBlock(nonceBytes)
  const parts: Buffer[] = [GZIP_HEADER]
  let checksum = 0
  let length = 0
  body.deflated.forEach((segment, index) => {
    if (index > 0) {
      parts.push(nonceBlock)
      checksum = crc32(nonceBytes, checksum)
      length += nonceBytes.length
    }
    parts.push(segment)
    checksum = crc32Combine(checksum, body.shifts[index] ?? 0, body.checksums[index] ?? 0)
    length += body.pieces[index]?.length ?? 0
  })
  parts.push(FINAL_BLOCK)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(checksum >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  parts.push(trailer)
  return Buffer.concat(parts)
}
