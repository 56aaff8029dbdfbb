// SpeechJob with a short first chunk, over an in-memory synthesizer whose requests finish only when the
// test says so: the first audio is handed over once that short chunk alone is synthesized.
import { describe, expect, it } from 'vitest'
import { billableChars } from '../../main/api/tts/text-count'
import type { SpeechRequest } from '../../main/api/tts/tts-client'
import { FIRST_CHUNK_CHARS } from '../../main/tts/first-chunk'
import { SpeechJob, type SpeechChunk, type SpeechSynthesizer } from '../../main/tts/speech-job'
import { speechAudio } from './support/speech-audio'

const MODEL_LIMIT_CHARS = 4096

const audio = speechAudio

/** Vietnamese prose of `chars` billable characters. */
function prose(chars: number): string {
  let t = ''
  for (let i = 1; billableChars(t) < chars; i++) {
    t += `Câu ${i}: chiều nay gió mùa về, phố cổ Hội An lên đèn lồng và mùi bánh mì thơm khắp ngõ. `
  }
  return [...t].slice(0, chars).join('')
}

/** A synthesizer that holds every request until `finish` is called with its input. */
function heldSynthesizer() {
  const waiting = new Map<string, () => void>()
  const asked: string[] = []
  const finished: string[] = []
  const synth: SpeechSynthesizer = {
    synthesize: (request: SpeechRequest) =>
      new Promise((resolve) => {
        asked.push(request.input)
        waiting.set(request.input, () => {
          finished.push(request.input)
          resolve(audio(new Uint8Array(2 * request.input.length)))
        })
      }),
  }
  const finish = (input: string) => {
    const done = waiting.get(input)
    if (!done) throw new Error('That chunk was not asked for.')
    waiting.delete(input)
    done()
  }
  return { synth, asked, finished, finish, finishAll: () => [...waiting.keys()].forEach(finish) }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('SpeechJob with firstChunkChars', () => {
  it('delivers the first audio of a 20,000-character text after synthesizing only its short first chunk', async () => {
    const held = heldSynthesizer()
    const delivered: SpeechChunk[] = []
    const job = new SpeechJob({
      client: held.synth,
      request: { model: 'openai/tts-1', voice: 'alloy', responseFormat: 'wav' },
      text: prose(20_000),
      rules: { maxInputChars: MODEL_LIMIT_CHARS, unitPriceVndPer1M: null },
      firstChunkChars: FIRST_CHUNK_CHARS,
      concurrency: 2,
      onChunk: (c) => delivered.push(c),
    })
    const first = job.chunks[0] as SpeechChunk
    expect(first.chars).toBeLessThanOrEqual(FIRST_CHUNK_CHARS)

    const run = job.run()
    await turn()
    // Two requests in flight: the short first chunk and the next, longer one.
    expect(held.asked).toEqual([first.text, job.chunks[1]?.text])
    expect(delivered).toEqual([])

    held.finish(first.text)
    await turn()
    expect(delivered.map((c) => c.index)).toEqual([0])
    expect(held.finished).toEqual([first.text])

    while (job.status === 'running') {
      held.finishAll()
      await turn()
    }
    await run
    expect(delivered.map((c) => c.index)).toEqual(job.chunks.map((c) => c.index))
  })

  it('without it, the first audio waits for a chunk at the model limit', () => {
    const job = new SpeechJob({
      client: heldSynthesizer().synth,
      request: { model: 'openai/tts-1', voice: 'alloy', responseFormat: 'wav' },
      text: prose(20_000),
      rules: { maxInputChars: MODEL_LIMIT_CHARS, unitPriceVndPer1M: null },
    })
    expect(job.chunks[0]?.chars).toBeGreaterThan(MODEL_LIMIT_CHARS - 200)
  })
})
