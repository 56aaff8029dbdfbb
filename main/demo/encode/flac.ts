// FLAC (lossless), written directly: one STREAMINFO block, then frames of 4,096 samples, each holding one
// FIXED order-2 subframe with Rice-coded residuals. Small and exact; no external encoder needed.
import { createHash } from 'node:crypto'
import { pcmBytes } from './wav'

const BLOCK_SIZE = 4096
const ORDER = 2
const MAX_RICE_PARAM = 14

class BitWriter {
  private bytes: number[] = []
  private current = 0
  private filled = 0

  write(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** i) & 1)
      if (++this.filled === 8) this.flushByte()
    }
  }

  writeSigned(value: number, bits: number): void {
    this.write(value < 0 ? value + 2 ** bits : value, bits)
  }

  writeUnary(zeros: number): void {
    for (let i = 0; i < zeros; i++) this.write(0, 1)
    this.write(1, 1)
  }

  alignToByte(): void {
    while (this.filled !== 0) this.write(0, 1)
  }

  toBuffer(): Buffer {
    return Buffer.from(this.bytes)
  }

  private flushByte(): void {
    this.bytes.push(this.current & 0xff)
    this.current = 0
    this.filled = 0
  }
}

function crc8(bytes: Buffer): number {
  let crc = 0
  for (const b of bytes) {
    crc ^= b
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff
  }
  return crc
}

function crc16(bytes: Buffer): number {
  let crc = 0
  for (const b of bytes) {
    crc ^= b << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff
  }
  return crc
}

/** FLAC's "UTF-8" coding of the frame number. */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n]
  const out: number[] = []
  let limit = 0x3f
  let lead = 0x80
  let rest = n
  while (rest > limit) {
    out.unshift(0x80 | (rest & 0x3f))
    rest = Math.floor(rest / 64)
    limit >>= 1
    lead = (lead >> 1) | 0x80
  }
  out.unshift((lead & 0xff) | rest)
  return out
}

const SAMPLE_RATE_CODES: Record<number, number> = {
  8000: 0b0100,
  16000: 0b0101,
  22050: 0b0110,
  24000: 0b0111,
  32000: 0b1000,
  44100: 0b1001,
  48000: 0b1010,
}

function zigzag(v: number): number {
  return v >= 0 ? v * 2 : -v * 2 - 1
}

function riceParameter(residuals: number[]): number {
  const mean = residuals.reduce((s, r) => s + zigzag(r), 0) / Math.max(1, residuals.length)
  let k = 0
  while (k < MAX_RICE_PARAM && 2 ** (k + 1) <= mean) k++
  return k
}

function encodeFrame(samples: Int16Array, frameNumber: number, sampleRateHz: number): Buffer {
  const header = Buffer.from([
    0xff,
    0xf8, // sync code, fixed block size
    (0b0111 << 4) | (SAMPLE_RATE_CODES[sampleRateHz] ?? 0), // block size stored after the header as 16 bits
    (0b0000 << 4) | (0b100 << 1), // mono, 16 bits per sample
    ...utf8Number(frameNumber),
    ((samples.length - 1) >> 8) & 0xff,
    (samples.length - 1) & 0xff,
  ])
  const bits = new BitWriter()
  const order = Math.min(ORDER, samples.length)
  bits.write(0, 1)
  bits.write(0b001000 | order, 6) // FIXED subframe of this order
  bits.write(0, 1) // no wasted bits
  for (let i = 0; i < order; i++) bits.writeSigned(samples[i] as number, 16)
  const residuals: number[] = []
  for (let i = order; i < samples.length; i++) {
    const x = samples[i] as number
    residuals.push(
      order === 2
        ? x - 2 * (samples[i - 1] as number) + (samples[i - 2] as number)
        : x - (samples[i - 1] as number),
    )
  }
  const k = riceParameter(residuals)
  bits.write(0b00, 2) // Rice coding, 4-bit parameters
  bits.write(0, 4) // partition order 0: one partition
  bits.write(k, 4)
  for (const r of residuals) {
    const u = zigzag(r)
    bits.writeUnary(Math.floor(u / 2 ** k))
    if (k > 0) bits.write(u % 2 ** k, k)
  }
  bits.alignToByte()
  const headed = Buffer.concat([header, Buffer.from([crc8(header)]), bits.toBuffer()])
  const footer = Buffer.alloc(2)
  footer.writeUInt16BE(crc16(headed))
  return Buffer.concat([headed, footer])
}

function streamInfo(pcm: Int16Array, sampleRateHz: number): Buffer {
  const bits = new BitWriter()
  bits.write(BLOCK_SIZE, 16) // min block size (the last block may be shorter, which the format allows)
  bits.write(BLOCK_SIZE, 16) // max block size
  bits.write(0, 24) // min frame size unknown
  bits.write(0, 24) // max frame size unknown
  bits.write(sampleRateHz, 20)
  bits.write(0, 3) // channels - 1
  bits.write(15, 5) // bits per sample - 1
  bits.write(pcm.length, 36)
  const md5 = createHash('md5').update(pcmBytes(pcm)).digest()
  return Buffer.concat([bits.toBuffer(), md5])
}

export function encodeFlac(pcm: Int16Array, sampleRateHz: number): Buffer {
  const info = streamInfo(pcm, sampleRateHz)
  const blockHeader = Buffer.from([0x80, 0, 0, info.length]) // last metadata block, type STREAMINFO
  const frames: Buffer[] = []
  for (let at = 0, n = 0; at < pcm.length; at += BLOCK_SIZE, n++) {
    frames.push(encodeFrame(pcm.subarray(at, at + BLOCK_SIZE), n, sampleRateHz))
  }
  return Buffer.concat([Buffer.from('fLaC', 'ascii'), blockHeader, info, ...frames])
}
