// Ogg pages (RFC 3533) around a sequence of packets. Used for Ogg Opus (`opus` and `ogg` formats).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    table[i] = r >>> 0
  }
  return table
})()

function oggCrc(bytes: Buffer): number {
  let crc = 0
  for (const b of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ b) & 0xff] as number)) >>> 0
  return crc
}

export interface OggPacket {
  data: Buffer
  /** Granule position once this packet is complete (for Opus: 48 kHz samples so far). */
  granule: bigint
}

const FLAG_BOS = 0x02
const FLAG_EOS = 0x04

function page(serial: number, sequence: number, flags: number, granule: bigint, packets: Buffer[]): Buffer {
  const lacing: number[] = []
  for (const p of packets) {
    let n = p.length
    while (n >= 255) {
      lacing.push(255)
      n -= 255
    }
    lacing.push(n)
  }
  const header = Buffer.alloc(27 + lacing.length)
  header.write('OggS', 0, 'ascii')
  header.writeUInt8(0, 4)
  header.writeUInt8(flags, 5)
  header.writeBigInt64LE(granule, 6)
  header.writeUInt32LE(serial, 14)
  header.writeUInt32LE(sequence, 18)
  header.writeUInt32LE(0, 22)
  header.writeUInt8(lacing.length, 26)
  Buffer.from(lacing).copy(header, 27)
  const whole = Buffer.concat([header, ...packets])
  whole.writeUInt32LE(oggCrc(whole), 22)
  return whole
}

/**
 * Header packets each get a page of their own (the Opus mapping requires it); audio packets are grouped,
 * at most `packetsPerPage` to a page, and the last page carries the end-of-stream flag.
 */
export function muxOgg(serial: number, headers: Buffer[], packets: OggPacket[], packetsPerPage = 50): Buffer {
  const pages: Buffer[] = []
  let sequence = 0
  headers.forEach((h, i) => pages.push(page(serial, sequence++, i === 0 ? FLAG_BOS : 0, 0n, [h])))
  for (let at = 0; at < packets.length; at += packetsPerPage) {
    const group = packets.slice(at, at + packetsPerPage)
    const last = at + packetsPerPage >= packets.length
    const granule = group[group.length - 1]?.granule ?? 0n
    pages.push(
      page(
        serial,
        sequence++,
        last ? FLAG_EOS : 0,
        granule,
        group.map((p) => p.data),
      ),
    )
  }
  return Buffer.concat(pages)
}
