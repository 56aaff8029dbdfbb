// Walks the frames of an MPEG audio stream (ISO 11172-3 / 13818-3 headers), so chunks can be joined
// frame by frame and a file's length read without decoding it.

export interface Mp3Frame {
  offset: number
  length: number
  samples: number
  sampleRateHz: number
  /** A Xing/Info or VBRI frame: silent, and describes only the file it came from. */
  isInfoFrame: boolean
}

export class Mp3FormatError extends Error {
  readonly code = 'MP3_FORMAT'
}

// Indexed by [version is MPEG-1 ? 0 : 1][layer 1..3][bitrate index]; kbit/s.
const BITRATES_KBPS: readonly (readonly (readonly number[])[])[] = [
  [
    [],
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
]
const MPEG1_RATES_HZ = [44_100, 48_000, 32_000]
const ID3V2_HEADER_BYTES = 10
const ID3V1_BYTES = 128

interface FrameHeader {
  length: number
  samples: number
  sampleRateHz: number
  mpeg1: boolean
  mono: boolean
}

/** The header at `at`, or null when no valid frame starts there. */
function readHeader(b: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > b.length) return null
  const b1 = b[at + 1] as number
  const b2 = b[at + 2] as number
  const b3 = b[at + 3] as number
  if (b[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null
  const versionBits = (b1 >> 3) & 3 // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const layer = 4 - ((b1 >> 1) & 3) // bits 3,2,1 mean layers I, II, III
  const bitrateIndex = b2 >> 4
  const rateIndex = (b2 >> 2) & 3
  if (versionBits === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
    return null
  }
  const mpeg1 = versionBits === 3
  const sampleRateHz = (MPEG1_RATES_HZ[rateIndex] as number) / (mpeg1 ? 1 : versionBits === 2 ? 2 : 4)
  const bitrate = (BITRATES_KBPS[mpeg1 ? 0 : 1]?.[layer]?.[bitrateIndex] as number) * 1000
  const padding = (b2 >> 1) & 1
  const samples = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152
  const length =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRateHz) + padding) * 4
      : Math.floor(((samples / 8) * bitrate) / sampleRateHz) + padding
  return { length, samples, sampleRateHz, mpeg1, mono: b3 >> 6 === 3 }
}

function ascii(b: Uint8Array, at: number, n: number): string {
  return String.fromCharCode(...b.subarray(at, at + n))
}

/** Xing/Info sits after the side information; VBRI at a fixed 32 bytes after the header. */
function isInfoFrame(b: Uint8Array, at: number, h: FrameHeader): boolean {
  const sideInfoBytes = h.mpeg1 ? (h.mono ? 17 : 32) : h.mono ? 9 : 17
  const tag = ascii(b, at + 4 + sideInfoBytes, 4)
  return tag === 'Xing' || tag === 'Info' || ascii(b, at + 4 + 32, 4) === 'VBRI'
}

/** Bytes taken by an ID3v2 tag at the start (its size is syncsafe: 7 bits a byte), footer included. */
export function id3v2Length(b: Uint8Array): number {
  if (b.length < ID3V2_HEADER_BYTES || ascii(b, 0, 3) !== 'ID3') return 0
  const size = (((b[6] as number) & 0x7f) << 21) | (((b[7] as number) & 0x7f) << 14)
  const rest = (((b[8] as number) & 0x7f) << 7) | ((b[9] as number) & 0x7f)
  const footer = ((b[5] as number) & 0x10) !== 0 ? ID3V2_HEADER_BYTES : 0
  return Math.min(b.length, ID3V2_HEADER_BYTES + size + rest + footer)
}

/**
 * Every frame of `bytes`, after any ID3v2 tag and before any ID3v1 tag. Throws when no frame is found
 * or a frame runs past the end; bytes between frames that are not a frame are an error too.
 */
export function mp3Frames(bytes: Uint8Array): Mp3Frame[] {
  const hasId3v1 = bytes.length >= ID3V1_BYTES && ascii(bytes, bytes.length - ID3V1_BYTES, 3) === 'TAG'
  const end = hasId3v1 ? bytes.length - ID3V1_BYTES : bytes.length
  const frames: Mp3Frame[] = []
  let at = id3v2Length(bytes)
  while (at < end) {
    const h = readHeader(bytes, at)
    if (!h) throw new Mp3FormatError(`No MP3 frame header at byte ${at} of ${end}.`)
    if (at + h.length > end) throw new Mp3FormatError(`The MP3 frame at byte ${at} is cut short.`)
    frames.push({
      offset: at,
      length: h.length,
      samples: h.samples,
      sampleRateHz: h.sampleRateHz,
      isInfoFrame: frames.length === 0 && isInfoFrame(bytes, at, h),
    })
    at += h.length
  }
  if (frames.length === 0) throw new Mp3FormatError('No MP3 frames found.')
  return frames
}
