// Speech from espeak-ng, resampled by us and by sox's very-high-quality `rate -v`, compared in 0-7 kHz.
import { afterAll, describe, expect, it } from 'vitest'
import { createResampler } from '../../main/audio/resampler'
import { oursConvert } from './support/convert'
import { compareWithReference, SPEECH_BAND_HZ } from './support/quality'
import { createSpeechFixtures } from './support/speech'

const fixtures = createSpeechFixtures()
afterAll(() => fixtures.dispose())

describe('speech against sox rate -v', () => {
  it.each([
    [48000, 16000],
    [44100, 16000],
    [24000, 48000],
    [24000, 44100],
  ])('%i Hz -> %i Hz: at least 80 dB SNR in 0-7 kHz, at exactly the declared delay', (input, output) => {
    const speech = fixtures.speech(input)
    expect(speech.length).toBeGreaterThan(input)
    const ours = oursConvert({ inputRateHz: input, outputRateHz: output })(speech)
    const reference = fixtures.soxResampled(input, output)
    const comparison = compareWithReference(ours, reference, output, SPEECH_BAND_HZ, 500)
    expect(comparison.snrDb).toBeGreaterThanOrEqual(80)
    const { delaySamples } = createResampler({ inputRateHz: input, outputRateHz: output })
    expect(comparison.delaySamples).toBeCloseTo(delaySamples, 3)
  })
})
