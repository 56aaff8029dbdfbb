// Synthesises the talk cues: two soft sine notes a fourth apart, rising when the microphone opens and
// falling when it closes. Each note fades in and out along a raised cosine so nothing clicks.
// Run: `npx tsx assets/make-sounds.ts`. The output is committed; rerun after changing a note.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeWav } from '../main/audio/wav'

const SAMPLE_RATE_HZ = 24_000
const LOW_HZ = 659.25 // E5
const HIGH_HZ = 880 // A5
const NOTE_MS = 56
/** The second note starts before the first has faded, so the two read as one gesture. */
const NOTE_STEP_MS = 44
const ATTACK_MS = 6
/** Peak amplitude: about -14 dBFS, quiet beside speech. */
const PEAK = 0.2
/** A touch of the octave above warms the sine without making it buzz. */
const OCTAVE_GAIN = 0.12

const SOUNDS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'sounds')

function note(out: Float32Array, startMs: number, frequencyHz: number): void {
  const start = Math.round((startMs * SAMPLE_RATE_HZ) / 1000)
  const length = Math.round((NOTE_MS * SAMPLE_RATE_HZ) / 1000)
  const attack = Math.round((ATTACK_MS * SAMPLE_RATE_HZ) / 1000)
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / SAMPLE_RATE_HZ
    // Raised-cosine rise over the attack, then a raised-cosine fall to exactly zero at the note's end.
    const envelope =
      i < attack
        ? 0.5 - 0.5 * Math.cos((Math.PI * i) / attack)
        : 0.5 + 0.5 * Math.cos((Math.PI * (i - attack)) / (length - attack))
    const tone =
      Math.sin(2 * Math.PI * frequencyHz * t) + OCTAVE_GAIN * Math.sin(4 * Math.PI * frequencyHz * t)
    out[start + i] = (out[start + i] as number) + (PEAK / (1 + OCTAVE_GAIN)) * envelope * tone
  }
}

function cue(frequenciesHz: readonly [number, number]): Float32Array {
  const totalMs = NOTE_STEP_MS + NOTE_MS
  const out = new Float32Array(Math.round((totalMs * SAMPLE_RATE_HZ) / 1000))
  note(out, 0, frequenciesHz[0])
  note(out, NOTE_STEP_MS, frequenciesHz[1])
  return out
}

function write(name: string, samples: Float32Array): void {
  const path = join(SOUNDS_DIR, name)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, writeWav({ sampleRateHz: SAMPLE_RATE_HZ, channels: 1, samples }, 'pcm16'))
  console.log(`${path}: ${((samples.length * 1000) / SAMPLE_RATE_HZ).toFixed(0)} ms`)
}

write('talk-start.wav', cue([LOW_HZ, HIGH_HZ]))
write('talk-stop.wav', cue([HIGH_HZ, LOW_HZ]))
