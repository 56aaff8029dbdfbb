// SpeechJob and its pacing over an in-memory synthesizer and a fake clock: the RPM window, cancel aborting
// requests in flight, and the joiner's refusals. The demo-service runs are in speech-job.demo.test.ts.
import { describe, expect, it } from 'vitest'
import type { Sleep } from '../../main/api/tts/tts-retry'
import { writeWav } from '../../main/audio/wav'
import { AudioJoinError, durationMs, joinAudio } from '../../main/tts/audio-join'
import { RequestPacer } from '../../main/tts/pacing'
import type { SpeechJobError } from '../../main/tts/speech-job'
import { SpeechJob, type SpeechSynthesizer } from '../../main/tts/speech-job'
import { speechAudio } from './support/speech-audio'

function fakeTime() {
  let nowMs = 0
  const waits: number[] = []
  const sleep: Sleep = (ms) => {
    waits.push(ms)
    nowMs += ms
    return Promise.resolve()
  }
  return { clock: { now: () => nowMs }, sleep, waits, now: () => nowMs }
}

const audio = speechAudio

describe('RequestPacer', () => {
  it('lets no more than rpm requests start in any minute', async () => {
    const t = fakeTime()
    const pacer = new RequestPacer(3, t.clock, t.sleep)
    const starts: number[] = []
    for (let i = 0; i < 8; i++) {
      await pacer.admit()
      starts.push(t.now())
    }
    for (const s of starts)
      expect(starts.filter((x) => x >= s && x < s + 60_000).length).toBeLessThanOrEqual(3)
    expect(starts).toEqual([0, 0, 0, 60_000, 60_000, 60_000, 120_000, 120_000])
  })
})

describe('SpeechJob', () => {
  it('estimates the cost when the service does not say it, and keys every chunk once', async () => {
    let made = 0
    const synth: SpeechSynthesizer = { synthesize: () => Promise.resolve(audio(new Uint8Array(4))) }
    const progress: number[] = []
    const j = new SpeechJob({
      client: synth,
      request: { model: 'm/x' },
      text: 'Một câu. Hai câu. Ba câu.',
      rules: { maxInputChars: 9, unitPriceVndPer1M: 1_000_000 },
      newKey: () => `k${made++}`,
      onProgress: (p) => progress.push(p.spentVnd),
    })
    await j.run()
    expect(j.chunks.map((c) => c.idempotencyKey)).toEqual(['k0', 'k1', 'k2'])
    expect(j.progress.spentVnd).toBe(j.progress.charsTotal)
    expect(progress).toHaveLength(3)
  })

  it('aborts requests in flight at cancel and starts no more', async () => {
    const signals: AbortSignal[] = []
    const synth: SpeechSynthesizer = {
      synthesize: (_r, opts) =>
        new Promise((_resolve, reject) => {
          signals.push(opts.signal as AbortSignal)
          opts.signal?.addEventListener('abort', () => reject(new Error('aborted')))
        }),
    }
    const j = new SpeechJob({
      client: synth,
      request: { model: 'm/x' },
      text: 'Một. Hai. Ba. Bốn. Năm.',
      rules: { maxInputChars: 5, unitPriceVndPer1M: null },
    })
    const run = j.run().catch((e: unknown) => e)
    while (signals.length < 2) await Promise.resolve()
    j.cancel()
    const err = await run
    expect((err as SpeechJobError).code).toBe('SPEECH_JOB_CANCELLED')
    expect(signals).toHaveLength(2)
    expect(signals.every((s) => s.aborted)).toBe(true)
  })

  it('resumed while the failed run still has a request in flight, waits for it and asks for no chunk twice', async () => {
    const asked: string[] = []
    let releaseHeld: () => void = () => {}
    const held = new Promise<void>((resolve) => (releaseHeld = resolve))
    let failFirst = true
    const synth: SpeechSynthesizer = {
      synthesize: async (r) => {
        asked.push(r.input.trim())
        if (r.input.startsWith('Một') && failFirst) {
          failFirst = false
          throw new Error('500 from the service')
        }
        if (r.input.startsWith('Hai')) await held
        return audio(new Uint8Array(4))
      },
    }
    const j = new SpeechJob({
      client: synth,
      request: { model: 'm/x' },
      text: 'Một. Hai. Ba.',
      rules: { maxInputChars: 5, unitPriceVndPer1M: null },
      concurrency: 2,
    })
    const first = j.run().catch((e: unknown) => e)
    while (j.status !== 'failed') await Promise.resolve()
    // "Hai." is still on its way when the user resumes.
    const second = j.run()
    expect(j.status).toBe('running')
    for (let i = 0; i < 20; i++) await Promise.resolve()
    expect(asked).toEqual(['Một.', 'Hai.'])
    releaseHeld()
    await second
    expect(((await first) as SpeechJobError).code).toBe('SPEECH_JOB_FAILED')
    expect(j.status).toBe('done')
    expect([...asked].sort()).toEqual(['Ba.', 'Hai.', 'Một.', 'Một.'])
    expect(j.chunks.every((c) => c.audio !== null)).toBe(true)
  })
})

describe('joinAudio', () => {
  const wav = (rateHz: number, frames: number) =>
    writeWav({ sampleRateHz: rateHz, channels: 1, samples: new Float32Array(frames) })

  it('refuses formats it cannot join, naming the ones it can', () => {
    expect(() => joinAudio([new Uint8Array(4)], 'opus')).toThrow(/only mp3, wav and pcm/)
  })

  it('refuses wav parts of different rates', () => {
    const err = (() => {
      try {
        joinAudio([wav(24_000, 10), wav(16_000, 10)], 'wav')
      } catch (e) {
        return e
      }
      return null
    })()
    expect(err).toBeInstanceOf(AudioJoinError)
    expect((err as AudioJoinError).code).toBe('JOIN_FORMAT_MISMATCH')
  })

  it('writes RIFF sizes that match the joined data', () => {
    const joined = joinAudio([wav(8_000, 3), wav(8_000, 4)], 'wav')
    const view = new DataView(joined.buffer)
    expect(view.getUint32(4, true)).toBe(joined.length - 8)
    expect(durationMs(joined, 'wav')).toBeCloseTo((7 / 8_000) * 1000, 9)
    expect(durationMs(joinAudio([new Uint8Array(6), new Uint8Array(10)], 'pcm'), 'pcm', 8_000)).toBe(1)
  })
})
