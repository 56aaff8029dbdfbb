// From a validated job to encoded audio: synthesis settings per voice, then the encoder.
import { createHash } from 'node:crypto'
import { encodeAudio } from '../encode/index'
import type { DemoSpeechSynth } from '../speech/synth'
import type { SpeechJob } from './speech-request'
import type { VoiceInfo } from './voices/voice'

/** Every format is rendered at this rate; for `pcm` it is the only description of the bytes. */
export const OUTPUT_SAMPLE_RATE_HZ = 24_000

/** A pitch per voice, so that two voices of the same gender do not sound identical. */
export function voicePitch(v: VoiceInfo): number {
  const h = createHash('sha256').update(v.id).digest()[0] as number
  const spread = h / 255
  if (v.gender === 'female') return Math.round(58 + spread * 20)
  if (v.gender === 'male') return Math.round(30 + spread * 20)
  return Math.round(45 + spread * 10)
}

export async function renderSpeech(
  speech: DemoSpeechSynth,
  job: SpeechJob,
): Promise<{ pcm: Int16Array; bytes: Buffer }> {
  const v = job.voice.voice
  const pcm = await speech.synthesize(job.input, {
    lang: job.voice.lang,
    sampleRateHz: OUTPUT_SAMPLE_RATE_HZ,
    speed: job.speed,
    gender: v.gender,
    ...(v.accent ? { accent: v.accent } : {}),
    pitch: voicePitch(v),
  })
  return { pcm, bytes: await encodeAudio(job.format, pcm, OUTPUT_SAMPLE_RATE_HZ) }
}

export function isSilent(pcm: Int16Array): boolean {
  for (const s of pcm) if (Math.abs(s) > 64) return false
  return true
}
