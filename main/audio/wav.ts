import { floatToInt16, int16ToFloat } from './pcm'

/**
 * RIFF/WAVE files: reads integer PCM (8, 16, 24, 32 bit) and IEEE float (32, 64 bit), plain or
 * WAVE_FORMAT_EXTENSIBLE, any rate and channel count; writes PCM16 or Float32.
 * Samples come and go as interleaved Float32 in [-1, 1).
 */

export type WavSampleFormat = 'pcm16' | 'float32'

export interface WavAudio {
  sampleRateHz: number
  channels: number
  /** Interleaved samples; the length is frames × channels. */
  samples: Float32Array
}

export interface DecodedWav extends WavAudio {
  /** How the file stored its samples. */
  encoding: { kind: 'pcm' | 'float'; bitsPerSample: number }
}

export class WavFormatError extends Error {
  readonly code = 'WAV_FORMAT'
}

const FORMAT_PCM = 0x0001
const FORMAT_IEEE_FLOAT = 0x0003
const FORMAT_EXTENSIBLE = 0xfffe
const RIFF_HEADER_BYTES = 12
const CHUNK_HEADER_BYTES = 8
const UNKNOWN_SIZE = 0xffffffff

interface FormatChunk {
  kind: 'pcm' | 'float'
  channels: number
  sampleRateHz: number
  blockAlign: number
  bitsPerSample: number
}

export function readWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.byteLength < RIFF_HEADER_BYTES || fourCc(view, 0) !== 'RIFF' || fourCc(view, 8) !== 'WAVE') {
    throw new WavFormatError('Not a RIFF/WAVE file')
  }
  let format: FormatChunk | undefined
  let offset = RIFF_HEADER_BYTES
  while (offset + CHUNK_HEADER_BYTES <= bytes.byteLength) {
    const id = fourCc(view, offset)
    const declaredSize = view.getUint32(offset + 4, true)
    const bodyStart = offset + CHUNK_HEADER_BYTES
    const available = bytes.byteLength - bodyStart
    if (id === 'fmt ') {
      format = parseFormat(view, bodyStart, Math.min(declaredSize, available))
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('data chunk comes before the fmt chunk')
      // Writers streaming to a pipe leave the size unknown; the data then runs to the end of the file.
      const size = declaredSize === UNKNOWN_SIZE || declaredSize > available ? available : declaredSize
      return { ...decodeSamples(view, bodyStart, size, format), encoding: encodingOf(format) }
    }
    offset = bodyStart + declaredSize + (declaredSize % 2)
  }
  throw new WavFormatError(format ? 'No data chunk' : 'No fmt chunk')
}

export function writeWav(
  audio: { sampleRateHz: number; channels: number; samples: Float32Array | Int16Array },
  format: WavSampleFormat = 'pcm16',
): Uint8Array {
  const { sampleRateHz, channels, samples } = audio
  if (!Number.isInteger(channels) || channels < 1 || samples.length % channels !== 0) {
    throw new RangeError(`${samples.length} samples are not whole ${channels}-channel frames`)
  }
  const isFloat = format === 'float32'
  const bytesPerSample = isFloat ? 4 : 2
  const dataBytes = samples.length * bytesPerSample
  // Non-PCM formats carry an 18-byte fmt chunk and a fact chunk with the frame count.
  const fmtBytes = isFloat ? 18 : 16
  const factBytes = isFloat ? CHUNK_HEADER_BYTES + 4 : 0
  const headerBytes = RIFF_HEADER_BYTES + CHUNK_HEADER_BYTES + fmtBytes + factBytes + CHUNK_HEADER_BYTES
  const file = new Uint8Array(headerBytes + dataBytes + (dataBytes % 2))
  const view = new DataView(file.buffer)
  let at = 0
  const writeId = (id: string): void => {
    for (let i = 0; i < 4; i++) view.setUint8(at + i, id.charCodeAt(i))
    at += 4
  }
  const writeU32 = (value: number): void => {
    view.setUint32(at, value, true)
    at += 4
  }
  const writeU16 = (value: number): void => {
    view.setUint16(at, value, true)
    at += 2
  }
  writeId('RIFF')
  writeU32(file.byteLength - CHUNK_HEADER_BYTES)
  writeId('WAVE')
  writeId('fmt ')
  writeU32(fmtBytes)
  writeU16(isFloat ? FORMAT_IEEE_FLOAT : FORMAT_PCM)
  writeU16(channels)
  writeU32(sampleRateHz)
  writeU32(sampleRateHz * channels * bytesPerSample)
  writeU16(channels * bytesPerSample)
  writeU16(bytesPerSample * 8)
  if (isFloat) {
    writeU16(0)
    writeId('fact')
    writeU32(4)
    writeU32(samples.length / channels)
  }
  writeId('data')
  writeU32(dataBytes)
  if (isFloat) {
    const floats = samples instanceof Float32Array ? samples : int16ToFloat(samples)
    for (let i = 0; i < floats.length; i++, at += 4) view.setFloat32(at, floats[i]!, true)
  } else {
    const ints = samples instanceof Int16Array ? samples : floatToInt16(samples)
    for (let i = 0; i < ints.length; i++, at += 2) view.setInt16(at, ints[i]!, true)
  }
  return file
}

/** Averages interleaved channels into one. */
export function downmixToMono(samples: Float32Array, channels: number): Float32Array {
  if (!Number.isInteger(channels) || channels < 1 || samples.length % channels !== 0) {
    throw new RangeError(`${samples.length} samples are not whole ${channels}-channel frames`)
  }
  if (channels === 1) return samples.slice()
  const frames = samples.length / channels
  const mono = new Float32Array(frames)
  for (let frame = 0, index = 0; frame < frames; frame++) {
    let sum = 0
    for (let channel = 0; channel < channels; channel++, index++) sum += samples[index]!
    mono[frame] = sum / channels
  }
  return mono
}

function fourCc(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  )
}

function parseFormat(view: DataView, start: number, size: number): FormatChunk {
  if (size < 16) throw new WavFormatError(`fmt chunk of ${size} bytes is too short`)
  let tag = view.getUint16(start, true)
  const channels = view.getUint16(start + 2, true)
  const sampleRateHz = view.getUint32(start + 4, true)
  const blockAlign = view.getUint16(start + 12, true)
  const bitsPerSample = view.getUint16(start + 14, true)
  if (tag === FORMAT_EXTENSIBLE) {
    if (size < 40) throw new WavFormatError('WAVE_FORMAT_EXTENSIBLE fmt chunk is too short')
    // The sub-format GUID begins with the plain format tag.
    tag = view.getUint16(start + 24, true)
  }
  const kind = tag === FORMAT_PCM ? 'pcm' : tag === FORMAT_IEEE_FLOAT ? 'float' : undefined
  if (!kind) throw new WavFormatError(`Unsupported WAV format tag 0x${tag.toString(16)}`)
  const supportedBits = kind === 'pcm' ? [8, 16, 24, 32] : [32, 64]
  if (!supportedBits.includes(bitsPerSample)) {
    throw new WavFormatError(`Unsupported ${bitsPerSample}-bit ${kind} samples`)
  }
  if (channels < 1 || sampleRateHz < 1 || blockAlign !== channels * (bitsPerSample / 8)) {
    throw new WavFormatError(
      `Inconsistent fmt chunk: ${channels} ch, ${sampleRateHz} Hz, align ${blockAlign}`,
    )
  }
  return { kind, channels, sampleRateHz, blockAlign, bitsPerSample }
}

function encodingOf(format: FormatChunk): DecodedWav['encoding'] {
  return { kind: format.kind, bitsPerSample: format.bitsPerSample }
}

function decodeSamples(view: DataView, start: number, size: number, format: FormatChunk): WavAudio {
  const frames = Math.floor(size / format.blockAlign)
  const count = frames * format.channels
  const samples = new Float32Array(count)
  const read = sampleReader(view, format)
  const bytesPerSample = format.bitsPerSample / 8
  for (let i = 0, at = start; i < count; i++, at += bytesPerSample) samples[i] = read(at)
  return { sampleRateHz: format.sampleRateHz, channels: format.channels, samples }
}

function sampleReader(view: DataView, format: FormatChunk): (at: number) => number {
  if (format.kind === 'float') {
    return format.bitsPerSample === 32 ? (at) => view.getFloat32(at, true) : (at) => view.getFloat64(at, true)
  }
  switch (format.bitsPerSample) {
    case 8:
      return (at) => (view.getUint8(at) - 128) / 128
    case 16:
      return (at) => view.getInt16(at, true) / 32768
    case 24:
      return (at) => ((view.getInt8(at + 2) << 16) | view.getUint16(at, true)) / 8388608
    default:
      return (at) => view.getInt32(at, true) / 2147483648
  }
}
