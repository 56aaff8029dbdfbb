// One entry point from PCM to the bytes of a requested format, with the content type to send.
import type { AudioFormat } from '../tts/models'
import { encodeFlac } from './flac'
import { encodeMp3 } from './mp3'
import { encodeOggOpus } from './ogg-opus'
import { encodeWav, pcmBytes } from './wav'

export const CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
  ogg: 'audio/ogg',
}

/** Formats the demo cannot produce honestly; asking for one gets a 501, never mislabelled bytes. */
export const UNENCODABLE_FORMATS: readonly AudioFormat[] = ['aac']

export async function encodeAudio(
  format: AudioFormat,
  pcm: Int16Array,
  sampleRateHz: number,
): Promise<Buffer> {
  switch (format) {
    case 'mp3':
      return encodeMp3(pcm, sampleRateHz)
    case 'wav':
      return encodeWav(pcm, sampleRateHz)
    case 'pcm':
      return pcmBytes(pcm)
    case 'flac':
      return encodeFlac(pcm, sampleRateHz)
    case 'opus':
    case 'ogg':
      return encodeOggOpus(pcm, sampleRateHz)
    case 'aac':
      throw new Error('AAC is not encodable in the demo')
  }
}
