// The engine against the demo service over real WebSockets, for both wire protocols: a whole
// push-to-talk turn (captions of both sides, reply audio, cost) and a barge-in.
import { afterEach, describe, expect, it } from 'vitest'
import { MODELS, received, rms, sentSamples, speak, startRig, type DemoRig } from '../support/demo-engine'

let rig: DemoRig | null = null
afterEach(async () => {
  await rig?.close()
  rig = null
})

const PER_MIN = { 'model-r': 2_723, live: 2_709 } as const

describe.each(['model-r', 'live'] as const)('%s', (wire) => {
  it('does a whole push-to-talk turn: captions, reply audio, cost, and a summary from DELETE', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    r.engine.press()
    await speak(r.engine, 1_200)
    r.engine.release()
    const done = await r.next('response', (e) => e.phase === 'done')
    expect(done).toMatchObject({ status: 'completed' })
    const user = await r.next('caption', (c) => c.role === 'user' && c.final)
    expect(user.text).toMatch(/s of speech heard/)
    const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final)
    expect(answer.text).toMatch(/^I heard \d+(\.\d+)? seconds of speech\. This is turn 1\.$/)

    // The reply decodes to real audio: over a second of it at 24 kHz, not silence.
    const audio = Float32Array.from(r.sink.chunks.flatMap((c) => Array.from(c.samples)))
    expect(audio.length).toBeGreaterThan(24_000)
    expect(rms(audio)).toBeGreaterThan(0.01)
    expect(r.sink.chunks.every((c) => c.chunk.rateHz === 24_000)).toBe(true)

    // Everything captured reached the service and was committed as one turn.
    const sessionId = r.engine.sessionId as string
    const sent = sentSamples(r.sockets[0]!)
    expect(sent).toBeGreaterThanOrEqual(1_200 * 16)
    expect(received(r, sessionId).committed).toEqual([sent])

    expect(r.of('cost')[0]?.cost.estimatedVndPerMin).toBe(PER_MIN[wire])
    const summary = await r.engine.end()
    expect(summary.sessions).toHaveLength(1)
    expect(summary.sessions[0]).toMatchObject({ id: sessionId, endReason: 'client_deleted' })
    expect(summary.costVnd).toBeGreaterThan(0)
    expect(summary.costVnd).toBe(summary.sessions[0]?.totalVnd)
    expect(summary.tokens.outputAudio).toBeGreaterThan(0)
    expect(r.of('error')).toEqual([])
  })

  it('barges in: playback stops, the answer is cut to what was heard, the next turn is answered', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    r.engine.press()
    await speak(r.engine, 800)
    r.engine.release()
    const started = await r.next('response', (e) => e.phase === 'started')
    // Let some of the answer play.
    await waitUntil(() => r.sink.samplesOf(started.responseId) >= 24_000 * 0.4)
    const stopsBefore = r.sink.stops
    const chunksBefore = r.sink.chunks.length
    r.engine.press()
    expect(r.sink.stops).toBe(stopsBefore + 1)
    const cut = await r.next('response', (e) => e.phase === 'done' && e.responseId === started.responseId)
    expect(cut.phase === 'done' && ['cancelled', 'interrupted'].includes(cut.status)).toBe(true)
    await speak(r.engine, 600)
    r.engine.release()
    const second = await r.next(
      'caption',
      (c) => c.role === 'assistant' && c.final && c.responseId !== started.responseId,
    )
    expect(second.text).toMatch(/This is turn 2\./)
    // Nothing of the cut answer played after the press.
    const late = r.sink.chunks.slice(chunksBefore).filter((c) => c.chunk.responseId === started.responseId)
    expect(late).toEqual([])

    if (wire === 'model-r') {
      const frames = r.sockets[0]!.sent.map((s) => JSON.parse(s.frame) as Record<string, unknown>)
      const truncate = frames.find((f) => f.type === 'conversation.item.truncate') as { audio_end_ms: number }
      expect(truncate.audio_end_ms).toBeGreaterThan(0)
      // The service keeps only the heard part of the answer in the conversation.
      const items = r.realtime.getSessionDebug(r.engine.sessionId as string)?.items ?? []
      const cutItem = items.find((i) => i.role === 'assistant')
      expect(cutItem?.text?.length ?? 0).toBeLessThan('I heard 0.8 seconds of speech. This is turn 1.'.length)
    }
    expect(r.of('error')).toEqual([])
  })
})

async function waitUntil(ok: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!ok()) {
    if (performance.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
