// What a chunk's Idempotency-Key still protects, over an in-memory synthesizer and a fake clock: a lost
// answer sent again within the key's memory goes without a question; later, only when the usage history
// shows no charge. A history that cannot be had holds the chunk until the user agrees to pay again; an
// answer the service gave (a refusal) leaves nothing to ask about; a free model has nothing to pay twice.
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../main/api/gateway-error'
import type { SpeechRequest } from '../../main/api/tts/tts-client'
import type { UsageHistory } from '../../main/tts/free-allowance'
import { KEY_TRUST_MS } from '../../main/tts/key-guard'
import type { SpeechJobError } from '../../main/tts/speech-job'
import { SpeechJob, type SpeechSynthesizer } from '../../main/tts/speech-job'
import { speechAudio } from './support/speech-audio'

const lost = () =>
  new GatewayError('network', 'The connection dropped.', { status: null, code: null, requestId: null })
const refused = () =>
  new GatewayError('invalid_input', 'Insufficient balance.', {
    status: 400,
    code: 'insufficient_balance',
    requestId: null,
  })

/** Fails each chunk's first request with `firstError`, then answers; the clock moves only when told. */
function rig(firstError: () => Error, opts: { price?: number; history?: UsageHistory | null } = {}) {
  let nowMs = Date.parse('2026-11-25T10:00:00Z')
  const sent: string[] = []
  const failed = new Set<string>()
  const historyAsked: number[] = []
  const synth: SpeechSynthesizer = {
    synthesize: (r: SpeechRequest) => {
      sent.push(r.input)
      if (!failed.has(r.input)) {
        failed.add(r.input)
        return Promise.reject(firstError())
      }
      return Promise.resolve(speechAudio(new Uint8Array(4)))
    },
  }
  const job = new SpeechJob({
    client: synth,
    request: { model: 'openai/tts-1' },
    text: 'Một câu.',
    rules: { maxInputChars: 100, unitPriceVndPer1M: opts.price ?? 200_000 },
    clock: { now: () => nowMs },
    usageHistory: () => {
      historyAsked.push(nowMs)
      return Promise.resolve(opts.history === undefined ? null : opts.history)
    },
  })
  return { job, sent, historyAsked, later: (ms: number) => (nowMs += ms) }
}

const code = (e: unknown) => (e as SpeechJobError).code

describe('the key guard', () => {
  it('sends a lost chunk again within the key’s memory without asking the history', async () => {
    const r = rig(lost)
    expect(code(await r.job.run().catch((e: unknown) => e))).toBe('SPEECH_JOB_FAILED')
    r.later(KEY_TRUST_MS - 1)
    await r.job.resume()
    expect(r.job.status).toBe('done')
    expect(r.sent).toHaveLength(2)
    expect(r.historyAsked).toEqual([])
  })

  it('holds a chunk lost longer ago when the history cannot be had, until the user agrees to pay again', async () => {
    const r = rig(lost, { history: null })
    await r.job.run().catch(() => undefined)
    r.later(60_000)
    const held = await r.job.resume().catch((e: unknown) => e)
    expect(code(held)).toBe('SPEECH_JOB_CHARGE_UNKNOWN')
    expect((held as SpeechJobError).chunkIndex).toBe(0)
    expect((held as SpeechJobError).message).toMatch(/cannot tell whether it was charged/)
    expect(r.sent).toHaveLength(1)
    // Asked again on the next resume: the history may be back by then.
    await r.job.resume().catch(() => undefined)
    expect(r.historyAsked).toHaveLength(2)
    expect(r.sent).toHaveLength(1)

    await r.job.resume({ payAgain: true })
    expect(r.job.status).toBe('done')
    expect(r.sent).toHaveLength(2)
  })

  it('asks nothing after a refusal: the service answered, and a refused request is not charged', async () => {
    const r = rig(refused, { history: null })
    expect(code(await r.job.run().catch((e: unknown) => e))).toBe('SPEECH_JOB_FAILED')
    r.later(10 * 60_000)
    await r.job.resume()
    expect(r.job.status).toBe('done')
    expect(r.historyAsked).toEqual([])
  })

  it('asks nothing on a free model: nothing can be paid twice', async () => {
    const r = rig(lost, { price: 0, history: null })
    await r.job.run().catch(() => undefined)
    r.later(10 * 60_000)
    await r.job.resume()
    expect(r.job.status).toBe('done')
    expect(r.historyAsked).toEqual([])
  })
})
