// Byte-level readers for the audio the demo returns: enough to prove a file is what its type says and
// that it holds speech, without trusting the encoder that wrote it.

export interface WavInfo {
  sampleRateHz: number
  channels: number
  bitsPerSample: number
  samples: Int16Array
}

export function parseWav(buf: Buffer): WavInfo {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not RIFF/WAVE')
  if (buf.readUInt32LE(4) !== buf.length - 8) throw new Error('RIFF size does not match the file')
  let at = 12
  let fmt: { rate: number; channels: number; bits: number } | undefined
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4)
    const size = buf.readUInt32LE(at + 4)
    if (id === 'fmt ') {
      if (buf.readUInt16LE(at + 8) !== 1) throw new Error('not PCM')
      fmt = {
        channels: buf.readUInt16LE(at + 10),
        rate: buf.readUInt32LE(at + 12),
        bits: buf.readUInt16LE(at + 22),
      }
    }
    if (id === 'data') {
      if (!fmt) throw new Error('data before fmt')
      if (at + 8 + size !== buf.length) throw new Error('data size does not match the file')
      return {
        sampleRateHz: fmt.rate,
        channels: fmt.channels,
        bitsPerSample: fmt.bits,
        samples: int16le(buf.subarray(at + 8, at + 8 + size)),
      }
    }
    at += 8 + size
  }
  throw new Error('no data chunk')
}

export function int16le(bytes: Buffer): Int16Array {
  const out = new Int16Array(bytes.length >> 1)
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2)
  return out
}

export function rms(samples: Int16Array): number {
  let sum = 0
  for (const s of samples) sum += s * s
  return Math.sqrt(sum / Math.max(1, samples.length))
}

/** Fraction of 20 ms windows louder than `threshold` RMS: speech has pauses and loud parts. */
export function voicedFraction(samples: Int16Array, rateHz: number, threshold = 500): number {
  const win = Math.round(rateHz / 50)
  let loud = 0
  let total = 0
  for (let at = 0; at + win <= samples.length; at += win) {
    total++
    if (rms(samples.subarray(at, at + win)) > threshold) loud++
  }
  return total === 0 ? 0 : loud / total
}

const MP3_BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
const MP3_BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
}

export interface Mp3Info {
  frames: number
  sampleRateHz: number
  durationSec: number
}

/** Walks MPEG audio frames from the start to the end of the file; any gap or bad header throws. */
export function parseMp3(buf: Buffer): Mp3Info {
  let at = 0
  if (buf.toString('ascii', 0, 3) === 'ID3')
    at = 10 + ((buf[6]! << 21) | (buf[7]! << 14) | (buf[8]! << 7) | buf[9]!)
  let frames = 0
  let rate = 0
  let samplesPerFrame = 0
  while (at + 4 <= buf.length) {
    const h = buf.readUInt32BE(at)
    if (h >>> 21 !== 0x7ff) throw new Error(`no frame sync at byte ${at}`)
    const version = (h >>> 19) & 3
    const layer = (h >>> 17) & 3
    if (layer !== 1) throw new Error('not layer III')
    const bitrateIndex = (h >>> 12) & 15
    const rateIndex = (h >>> 10) & 3
    const padding = (h >>> 9) & 1
    const kbps = (version === 3 ? MP3_BITRATES_V1_L3 : MP3_BITRATES_V2_L3)[bitrateIndex]
    const hz = MP3_RATES[version]?.[rateIndex]
    if (!kbps || !hz) throw new Error(`bad frame header at byte ${at}`)
    samplesPerFrame = version === 3 ? 1152 : 576
    const size = Math.floor(((samplesPerFrame / 8) * kbps * 1000) / hz) + padding
    rate = hz
    frames++
    at += size
  }
  if (at !== buf.length) throw new Error(`trailing ${buf.length - at} bytes after the last frame`)
  return { frames, sampleRateHz: rate, durationSec: (frames * samplesPerFrame) / rate }
}

export interface OggPage {
  flags: number
  granule: bigint
  sequence: number
  packets: Buffer[]
}

const CRC = (() => {
  const t = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    t[i] = r >>> 0
  }
  return t
})()

/** Reads every page, checking each CRC; packets spanning pages are not needed for Opus at these sizes. */
export function parseOgg(buf: Buffer): OggPage[] {
  const pages: OggPage[] = []
  let at = 0
  while (at < buf.length) {
    if (buf.toString('ascii', at, at + 4) !== 'OggS') throw new Error(`no capture pattern at ${at}`)
    const segments = buf[at + 26]!
    const lacing = [...buf.subarray(at + 27, at + 27 + segments)]
    const bodyLength = lacing.reduce((a, b) => a + b, 0)
    const end = at + 27 + segments + bodyLength
    const page = Buffer.from(buf.subarray(at, end))
    const stored = page.readUInt32LE(22)
    page.writeUInt32LE(0, 22)
    let crc = 0
    for (const b of page) crc = ((crc << 8) ^ CRC[((crc >>> 24) ^ b) & 0xff]!) >>> 0
    if (crc !== stored) throw new Error(`bad CRC on page at ${at}`)
    const packets: Buffer[] = []
    let p = at + 27 + segments
    let current: Buffer[] = []
    for (const l of lacing) {
      current.push(buf.subarray(p, p + l))
      p += l
      if (l < 255) {
        packets.push(Buffer.concat(current))
        current = []
      }
    }
    pages.push({
      flags: buf[at + 5]!,
      granule: buf.readBigInt64LE(at + 6),
      sequence: buf.readUInt32LE(at + 18),
      packets,
    })
    at = end
  }
  return pages
}
