// A turn with a 5-second outage in the middle, through the network rig (bench/netem) between the engine
// and the real demo service: the Wi-Fi kind of outage, where packets vanish and TCP retransmits once the
// link is back. The answer comes, the conversation is the same session, and the service holds every
// sample of the user's speech, in order.
import { describe, expect, it } from 'vitest'
import { MODELS, received, sentSamples, speak } from '../support/demo-engine'
import { rigsBehindProxy } from '../support/rig-behind-proxy'

const rigs = rigsBehindProxy()

const OUTAGE_MS = 5_000

describe.each(['model-r', 'live'] as const)('%s over wifi', (wire) => {
  it('a turn with a 5 s outage in the middle completes without losing the user’s speech', async () => {
    const { r, p } = await rigs.start(MODELS[wire], 'wifi', 3)
    r.engine.warm()
    const opened = await r.next('session')

    r.engine.press()
    const spoken: Float32Array[] = [await speak(r.engine, 1_000)]
    p.outage(OUTAGE_MS, 'blackhole')
    spoken.push(await speak(r.engine, OUTAGE_MS, 48_000, 48_000))
    spoken.push(await speak(r.engine, 2_000, 48_000, 6 * 48_000))
    r.engine.release()
    const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final, 40_000)
    expect(answer.text.length).toBeGreaterThan(0)

    // One session throughout: the conversation was kept.
    expect(r.of('session').map((s) => s.sessionId)).toEqual([opened.sessionId])
    expect(r.of('error')).toEqual([])
    expect(r.of('audioDropped')).toEqual([])
    // Every sample sent reached the service, and what was sent is the whole press: 8 s at 16 kHz.
    const got = received(r, opened.sessionId)
    const sent = r.sockets.reduce((n, log) => n + sentSamples(log), 0)
    expect(got.samples).toBe(sent)
    const capturedAt16k = (spoken.reduce((n, s) => n + s.length, 0) * 16_000) / 48_000
    expect(capturedAt16k).toBe(8 * 16_000)
    expect(got.committed.at(-1)).toBe(sent)
    // A resampler holds back a few samples until the next frame; nothing more is missing.
    expect(capturedAt16k - sent).toBeLessThan(320)
    expect(p.stats().resets).toBe(0)
  }, 60_000)
})
