import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * A cached page cut where the nonce goes, with a gzip form prepared ahead of time: each piece is
 * deflated on its own (no back-references across the cut) and the nonce goes in between as a
 * stored, uncompressed deflate block. The nonce therefore never takes part in compression
 * (BREACH, ADR 0016), and the decompressed bytes equal `pieces.join(nonce)`.
 */
export interface SplicedBody {
  pieces: string[]
  /** Raw-deflate segments of the pieces, each ending on a byte boundary (sync flush). */
  deflated: Buffer[]
  bytes: number
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
// An empty final stored block: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

export function spliceable(body: string, placeholder: string): SplicedBody {
  const pieces = body.split(placeholder)
  const deflated = pieces.map((piece) =>
    deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  )
  const bytes = deflated.reduce((sum, part) => sum + part.length, 0) + 2 * Buffer.byteLength(body)
  return { pieces, deflated, bytes }
}

export function plain(body: SplicedBody, nonce: string): string {
  return body.pieces.join(nonce)
}

function storedBlock(text: string): Buffer {
  const data = Buffer.from(text, 'latin1')
  const block = Buffer.alloc(5 + data.length)
  block[0] = 0x00 // not final, stored; already byte-aligned after a sync flush
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

export function gzipped(body: SplicedBody, nonce: string): Buffer {
  const parts: Buffer[] = [GZIP_HEADER]
  const nonceBlock = storedBlock(nonce)
  body.deflated.forEach((segment, index) => {
    if (index > 0) parts.push(nonceBlock)
    parts.push(segment)
  })
  parts.push(FINAL_BLOCK)
  const text = Buffer.from(plain(body, nonce))
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(text) >>> 0, 0)
  trailer.writeUInt32LE(text.length >>> 0, 4)
  parts.push(trailer)
  return Buffer.concat(parts)
}
