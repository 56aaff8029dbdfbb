// The voice-chat resampler against libsamplerate and Speex: rejection, flatness, speech against sox -v,
// delay, and speed with 20 ms chunks, all measured in this run.
import {
  aliasRejectionDb,
  aliasingTones,
  compareWithReference,
  passbandFigures,
  SPEECH_BAND_HZ,
  speechBandTones,
  type Convert,
} from '../../test/audio/support/quality'
import { concat } from '../../test/audio/support/convert'
import { createSpeechFixtures, type SpeechFixtures } from '../../test/audio/support/speech'
import { meetsGoal, significant } from '../goal'
import { requireCommands } from '../prerequisites'
import { libsamplerate } from '../resamplers/libsamplerate'
import { ours } from '../resamplers/ours'
import { speex } from '../resamplers/speex'
import type { ConverterFactory, StreamingConverter } from '../resamplers/streaming-converter'
import type { Figure, SuiteReport } from '../types'

const PAIRS = [
  [48000, 16000],
  [44100, 16000],
  [24000, 48000],
] as const
/** Quality runs feed 100 ms chunks at most; the speed run feeds 20 ms chunks, as the app does. */
const MAX_CHUNK_LENGTH = 4800
const SPEED_CHUNK_MS = 20
const TAIL_ZEROS_SECONDS = 0.05
const MIN_TIMED_CPU_SECONDS = 0.6
const MAX_DELAY_SEARCH_SAMPLES = 2000

const OURS = 'ours'
const CONVERTERS: Record<string, ConverterFactory> = {
  [OURS]: ours(MAX_CHUNK_LENGTH),
  'libsamplerate-best': libsamplerate('best', MAX_CHUNK_LENGTH),
  'libsamplerate-medium': libsamplerate('medium', MAX_CHUNK_LENGTH),
  'speex-q5': speex(5, MAX_CHUNK_LENGTH),
  'speex-q10': speex(10, MAX_CHUNK_LENGTH),
}

const GOALS = {
  aliasRejectionDb: '>=100',
  imageRejectionDb: '>=100',
  passbandRippleDb: '<=0.05',
  speechSnrDb: '>=80',
  delayMs: '<=3',
  realtimeFactor: '>=250',
} as const
type Metric = keyof typeof GOALS

const speedChunkLength = (inputRateHz: number): number => (inputRateHz * SPEED_CHUNK_MS) / 1000

interface StreamingRun {
  output: Float32Array
  /** Output samples produced by the time the last input sample went in, before the trailing zeros. */
  producedWithInput: number
}

/** Feeds `input` from a fresh state in chunks, then enough zeros to drain any converter's delay. */
function streamingRun(
  converter: StreamingConverter,
  input: Float32Array,
  inputRateHz: number,
  chunkLength: number,
): StreamingRun {
  converter.reset()
  const parts: Float32Array[] = []
  const feed = (samples: Float32Array): void => {
    for (let start = 0; start < samples.length; start += chunkLength) {
      parts.push(converter.process(samples.subarray(start, start + chunkLength)).slice())
    }
  }
  feed(input)
  const producedWithInput = parts.reduce((sum, part) => sum + part.length, 0)
  feed(new Float32Array(Math.round(TAIL_ZEROS_SECONDS * inputRateHz)))
  return { output: concat(...parts), producedWithInput }
}

/** Seconds of audio converted per second of process CPU time, fed in 20 ms chunks. */
function realtimeFactor(converter: StreamingConverter, speech: Float32Array, inputRateHz: number): number {
  const chunkLength = speedChunkLength(inputRateHz)
  const chunkCount = Math.floor(speech.length / chunkLength)
  const pass = (): void => {
    converter.reset()
    for (let chunk = 0; chunk < chunkCount; chunk++) {
      converter.process(speech.subarray(chunk * chunkLength, (chunk + 1) * chunkLength))
    }
  }
  pass()
  let passes = 0
  const started = process.cpuUsage()
  let cpuSeconds = 0
  while (cpuSeconds < MIN_TIMED_CPU_SECONDS) {
    pass()
    passes++
    const used = process.cpuUsage(started)
    cpuSeconds = (used.user + used.system) / 1e6
  }
  return (passes * chunkCount * chunkLength) / inputRateHz / cpuSeconds
}

type Measurements = Partial<Record<Metric, number>>

function measure(
  converter: StreamingConverter,
  inputRateHz: number,
  outputRateHz: number,
  fixtures: SpeechFixtures,
): Measurements {
  const convert: Convert = (input) => streamingRun(converter, input, inputRateHz, MAX_CHUNK_LENGTH).output
  const figures: Measurements = {}
  const passband = passbandFigures(convert, inputRateHz, outputRateHz, speechBandTones())
  if (inputRateHz > outputRateHz) {
    const tones = aliasingTones(inputRateHz, outputRateHz)
    figures.aliasRejectionDb = aliasRejectionDb(convert, inputRateHz, outputRateHz, tones).db
  } else {
    figures.imageRejectionDb = passband.worstRejection.db
  }
  figures.passbandRippleDb = passband.maxDeviationDb
  const speech = fixtures.speech(inputRateHz)
  const speechRun = streamingRun(converter, speech, inputRateHz, speedChunkLength(inputRateHz))
  const comparison = compareWithReference(
    speechRun.output,
    fixtures.soxResampled(inputRateHz, outputRateHz),
    outputRateHz,
    SPEECH_BAND_HZ,
    MAX_DELAY_SEARCH_SAMPLES,
  )
  figures.speechSnrDb = comparison.snrDb
  // A converter may line its output up with the input and hold samples back instead of emitting them late:
  // both count towards how far the output stream lags the input stream. Held back: output instants the
  // input already spans (m / out <= (n - 1) / in) that were not emitted yet.
  const spanned = Math.floor(((speech.length - 1) * outputRateHz) / inputRateHz) + 1
  const heldBack = Math.max(0, spanned - speechRun.producedWithInput)
  figures.delayMs = ((comparison.delaySamples + heldBack) / outputRateHz) * 1000
  figures.realtimeFactor = realtimeFactor(converter, speech, inputRateHz)
  return figures
}

/** The speech fixtures are made by espeak-ng and resampled by sox. */
export function prepare(): void {
  requireCommands({ 'espeak-ng': 'espeak-ng', sox: 'sox' })
}

export async function run(): Promise<SuiteReport> {
  const fixtures = createSpeechFixtures()
  const results: Figure[] = []
  try {
    for (const [inputRateHz, outputRateHz] of PAIRS) {
      const pair = `${inputRateHz}->${outputRateHz}`
      const measured: Record<string, Measurements> = {}
      for (const [name, factory] of Object.entries(CONVERTERS)) {
        const started = performance.now()
        const converter = await factory(inputRateHz, outputRateHz)
        try {
          measured[name] = measure(converter, inputRateHz, outputRateHz, fixtures)
        } finally {
          converter.dispose()
        }
        console.error(`resampler: ${pair} ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      }
      for (const metric of Object.keys(GOALS) as Metric[]) {
        const value = measured[OURS]![metric]
        if (value === undefined) continue
        const reference: Record<string, number> = {}
        for (const [name, figures] of Object.entries(measured)) {
          if (name !== OURS) reference[name] = significant(figures[metric]!)
        }
        results.push({
          pair,
          metric,
          goal: GOALS[metric],
          ours: significant(value),
          met: meetsGoal(GOALS[metric], value),
          reference,
        })
      }
    }
  } finally {
    fixtures.dispose()
  }
  return {
    suite: 'resampler',
    method: {
      aliasRejectionDb: 'worst tone from 9 kHz to Nyquist (250 Hz steps): input level over output level',
      imageRejectionDb: 'worst tone from 0.1 to 7 kHz (100 Hz steps): fitted tone over everything else',
      passbandRippleDb: 'largest |gain| in dB over tones from 0.1 to 7 kHz (100 Hz steps)',
      speechSnrDb:
        'espeak-ng speech vs sox rate -v, both limited to 0-7 kHz, after fractional delay alignment',
      delayMs:
        'how far the output stream lags the input when fed 20 ms chunks: delay against sox rate -v (which ' +
        'removes its own) from the same alignment, plus output samples held back when the input ends',
      realtimeFactor: `audio seconds per process CPU second, fed in ${SPEED_CHUNK_MS} ms chunks`,
    },
    results,
  }
}
