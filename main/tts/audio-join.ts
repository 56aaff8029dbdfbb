// Joins the audio of a reading's chunks into one file, and measures how long audio lasts.
// mp3: the frames of every chunk in order. ID3v2/ID3v1 tags and any Xing/Info/VBRI frame are dropped
// from ALL chunks, the first included: that frame's frame count and byte size describe one chunk, so
// kept at the head of the joined file it would make players report the first chunk's length.
// wav: one RIFF header, with sizes for the whole, over the data of every chunk; they must share one
// sample format. pcm: the bytes as they are. Compressed containers (opus, ogg, flac, aac) carry
// per-stream headers and granule positions that plain joining would break, so they are refused.
import { mp3Frames, type Mp3Frame } from './mp3-frames'
import type { TtsFormat } from '../api/tts/tts-rules'

export type JoinErrorCode = 'JOIN_FORMAT_UNSUPPORTED' | 'JOIN_FORMAT_MISMATCH' | 'JOIN_BAD_AUDIO'

export class AudioJoinError extends Error {
  constructor(
    readonly code: JoinErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'AudioJoinError'
  }
}

/** How `pcm` bytes are laid out: the service sends 16-bit little-endian mono. */
const PCM_BYTES_PER_SAMPLE = 2
const PCM_CHANNELS = 1
const WAV_HEADER_BYTES = 12
const CHUNK_HEADER_BYTES = 8

/** The formats whose chunks join into one file. */
export const JOINABLE_FORMATS: readonly TtsFormat[] = ['mp3', 'wav', 'pcm']

export function joinAudio(parts: readonly Uint8Array[], format: TtsFormat): Uint8Array {
  switch (format) {
    case 'mp3':
      return concat(
        parts.flatMap((p, i) => audioFrames(p, i).map((f) => p.subarray(f.offset, f.offset + f.length))),
      )
    case 'wav':
      return joinWav(parts)
    case 'pcm':
      return concat(parts)
    default:
      throw new AudioJoinError(
        'JOIN_FORMAT_UNSUPPORTED',
        `Audio in ${format} cannot be joined into one file; only mp3, wav and pcm can. ` +
          'Save the parts separately, or read the text in one of those formats.',
      )
  }
}

/**
 * How long `bytes` play, in milliseconds: wav from its header and data size; pcm from `sampleRateHz`
 * (16-bit mono, as the service sends it); mp3 by walking its frame headers.
 */
export function durationMs(bytes: Uint8Array, format: TtsFormat, sampleRateHz?: number): number {
  switch (format) {
    case 'wav': {
      const { fmt, data } = wavChunks(bytes, 0)
      return (data.length / fmt.blockAlign / fmt.sampleRateHz) * 1000
    }
    case 'pcm':
      if (sampleRateHz === undefined || sampleRateHz <= 0) {
        throw new AudioJoinError('JOIN_BAD_AUDIO', 'Raw pcm has no header: its sample rate must be given.')
      }
      return (bytes.length / (PCM_BYTES_PER_SAMPLE * PCM_CHANNELS) / sampleRateHz) * 1000
    case 'mp3':
      return audioFrames(bytes, 0).reduce((ms, f) => ms + (f.samples / f.sampleRateHz) * 1000, 0)
    default:
      throw new AudioJoinError(
        'JOIN_FORMAT_UNSUPPORTED',
        `The length of ${format} audio cannot be measured here.`,
      )
  }
}

/** The frames that carry sound (the Info frame dropped); a broken part is named by its position. */
function audioFrames(bytes: Uint8Array, index: number): Mp3Frame[] {
  try {
    return mp3Frames(bytes).filter((f) => !f.isInfoFrame)
  } catch (cause) {
    throw new AudioJoinError('JOIN_BAD_AUDIO', `Part ${index + 1} is not valid MP3 audio.`, { cause })
  }
}

interface WavFmt {
  /** The `fmt ` chunk body, copied as it is into the joined file. */
  body: Uint8Array
  channels: number
  sampleRateHz: number
  blockAlign: number
  bitsPerSample: number
  formatTag: number
}

function joinWav(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 0) throw new AudioJoinError('JOIN_BAD_AUDIO', 'There is no audio to join.')
  const chunks = parts.map((p, i) => wavChunks(p, i))
  const first = (chunks[0] as (typeof chunks)[number]).fmt
  chunks.forEach(({ fmt }, i) => {
    const same =
      fmt.formatTag === first.formatTag &&
      fmt.channels === first.channels &&
      fmt.sampleRateHz === first.sampleRateHz &&
      fmt.bitsPerSample === first.bitsPerSample
    if (!same) {
      throw new AudioJoinError(
        'JOIN_FORMAT_MISMATCH',
        `Part ${i + 1} is ${describe(fmt)} but part 1 is ${describe(first)}; they cannot be joined.`,
      )
    }
  })
  const data = concat(chunks.map((c) => c.data))
  const pad = data.length % 2
  const fmtBytes = first.body.length + (first.body.length % 2)
  const total = WAV_HEADER_BYTES + CHUNK_HEADER_BYTES + fmtBytes + CHUNK_HEADER_BYTES + data.length + pad
  const out = new Uint8Array(total)
  const view = new DataView(out.buffer)
  writeAscii(out, 0, 'RIFF')
  view.setUint32(4, total - 8, true)
  writeAscii(out, 8, 'WAVE')
  writeAscii(out, 12, 'fmt ')
  view.setUint32(16, first.body.length, true)
  out.set(first.body, 20)
  const dataAt = 20 + fmtBytes
  writeAscii(out, dataAt, 'data')
  view.setUint32(dataAt + 4, data.length, true)
  out.set(data, dataAt + CHUNK_HEADER_BYTES)
  return out
}

function describe(f: WavFmt): string {
  return `${f.sampleRateHz} Hz, ${f.channels} channel(s), ${f.bitsPerSample}-bit (format ${f.formatTag})`
}

/** The `fmt ` chunk and the sample bytes of one RIFF/WAVE file. */
function wavChunks(bytes: Uint8Array, index: number): { fmt: WavFmt; data: Uint8Array } {
  const bad = (why: string) =>
    new AudioJoinError('JOIN_BAD_AUDIO', `Part ${index + 1} is not usable WAV: ${why}.`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < WAV_HEADER_BYTES || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') {
    throw bad('no RIFF/WAVE header')
  }
  let fmt: WavFmt | null = null
  let at = WAV_HEADER_BYTES
  while (at + CHUNK_HEADER_BYTES <= bytes.length) {
    const id = ascii(bytes, at)
    const size = view.getUint32(at + 4, true)
    const body = at + CHUNK_HEADER_BYTES
    // A streaming writer may leave the data size unknown (0xFFFFFFFF): the data runs to the end.
    const end = Math.min(body + size, bytes.length)
    if (id === 'fmt ') {
      if (size < 16) throw bad('the fmt chunk is too short')
      fmt = {
        body: bytes.slice(body, end),
        formatTag: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRateHz: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      }
      if (fmt.blockAlign === 0 || fmt.sampleRateHz === 0) throw bad('the fmt chunk describes no samples')
    } else if (id === 'data') {
      if (!fmt) throw bad('the data chunk comes before the fmt chunk')
      const data = bytes.subarray(body, end)
      return { fmt, data: data.subarray(0, data.length - (data.length % fmt.blockAlign)) }
    }
    at = body + size + (size % 2)
  }
  throw bad(fmt ? 'no data chunk' : 'no fmt chunk')
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function ascii(b: Uint8Array, at: number): string {
  return String.fromCharCode(...b.subarray(at, at + 4))
}

function writeAscii(b: Uint8Array, at: number, s: string): void {
  for (let i = 0; i < s.length; i++) b[at + i] = s.charCodeAt(i)
}
