// Speech made by espeak-ng and resampled by sox's very-high-quality `rate -v`: the reference the
// resampler is held to. Both tools are apt packages the test machines carry (see test/run.sh).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readWav } from '../../../main/audio/wav'

export const SPEECH_TEXT =
  'Push to talk sends the microphone to the gateway. Your balance is forty two thousand dong, thank you.'

export interface SpeechFixtures {
  dir: string
  /** What espeak-ng wrote (16-bit, 22050 Hz, mono). */
  espeakPath: string
  /** The speech at `rateHz` as Float32 WAV, resampled by sox from espeak's output. */
  speechPath(rateHz: number): string
  speech(rateHz: number): Float32Array
  /** sox `rate -v` of the `fromRateHz` speech to `toRateHz`, Float32 so nothing is lost to 16 bits. */
  soxResampled(fromRateHz: number, toRateHz: number): Float32Array
  dispose(): void
}

export function createSpeechFixtures(text = SPEECH_TEXT): SpeechFixtures {
  const dir = mkdtempSync(join(tmpdir(), 'loa-speech-'))
  const espeakPath = join(dir, 'espeak.wav')
  execFileSync('espeak-ng', ['-w', espeakPath, text])
  const made = new Set<string>()
  const soxRate = (from: string, to: string, rateHz: number): string => {
    if (!made.has(to)) {
      execFileSync('sox', [from, '-e', 'floating-point', '-b', '32', to, 'rate', '-v', String(rateHz)])
      made.add(to)
    }
    return to
  }
  const speechPath = (rateHz: number): string =>
    soxRate(espeakPath, join(dir, `speech-${rateHz}.wav`), rateHz)
  return {
    dir,
    espeakPath,
    speechPath,
    speech: (rateHz) => readWav(readFileSync(speechPath(rateHz))).samples,
    soxResampled: (fromRateHz, toRateHz) => {
      const path = soxRate(speechPath(fromRateHz), join(dir, `sox-${fromRateHz}-${toRateHz}.wav`), toRateHz)
      return readWav(readFileSync(path)).samples
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  }
}
