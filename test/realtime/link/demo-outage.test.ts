// A turn with a 5-second outage in the middle, through the network rig (bench/netem) between the engine
// and the real demo service: the Wi-Fi kind of outage, where packets vanish and TCP retransmits once the
// link is back. The answer comes, the conversation is the same session, and the service holds every
// sample of the user's speech, in order.
import { afterEach, describe, expect, it } from 'vitest'
import { profile } from '../../../bench/netem/profiles'
import { startTcpProxy, type TcpProxy } from '../../../bench/netem/tcp-proxy'
import { MODELS, received, sentSamples, speak, startRig, type DemoRig } from '../support/demo-engine'

let rig: DemoRig | null = null
let proxy: TcpProxy | null = null
afterEach(async () => {
  await rig?.close()
  await proxy?.close()
  rig = proxy = null
})

const OUTAGE_MS = 5_000

describe.each(['model-r', 'live'] as const)('%s over wifi', (wire) => {
  it('a turn with a 5 s outage in the middle completes without losing the user’s speech', async () => {
    let port = 0
    const r = (rig = await startRig(MODELS[wire], {
      rewriteUrl: (url) => url.replace(/:\d+\//, `:${port}/`),
    }))
    const p = (proxy = await startTcpProxy({
      targetPort: Number(new URL(r.demo.baseUrl).port),
      profile: profile('wifi'),
      seed: 3,
    }))
    port = p.port
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
