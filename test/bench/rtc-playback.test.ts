// The network bench's WebRTC playback figures come from a real Chromium's jitter buffer: one answer on the
// `good` profile, through the rig's proxy and relay, against the demo service in its own process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoProcess, type DemoProcess } from '../../bench/demo-process'
import { profile } from '../../bench/netem/profiles'
import { startTcpProxy, type TcpProxy } from '../../bench/netem/tcp-proxy'
import { fixedBufferReference, playback } from '../../bench/rtc-playback/figures'
import { playbackRun } from '../../bench/rtc-playback/measure'

const GOOD = profile('good')
let demo: DemoProcess
let proxy: TcpProxy

beforeAll(async () => {
  demo = await startDemoProcess()
  proxy = await startTcpProxy({ targetPort: Number(new URL(demo.baseUrl).port), profile: GOOD, seed: 1 })
}, 30_000)

afterAll(async () => {
  await proxy?.close()
  demo?.stop()
})

describe('WebRTC playback in Chromium through the rig', () => {
  it('reads the answer’s NetEq figures from the page and the relay’s arrivals for the reference', async () => {
    const run = await playbackRun(demo, proxy, GOOD, 1, 1)
    const answer = run.answers[0] ?? []
    expect(answer.length).toBeGreaterThan(10)
    const last = answer.at(-1)
    // Chromium decoded and played the answer: samples came out, and out of the jitter buffer.
    expect(last?.totalSamplesReceived).toBeGreaterThan(0)
    expect(last?.jitterBufferEmittedCount).toBeGreaterThan(0)
    const figures = playback(run.answers)
    // Several seconds of answer.
    expect(figures.emittedSamples).toBeGreaterThan(48_000 * 3)
    expect(figures.packetsReceived).toBeGreaterThan(150)
    // Every packet received came out of the jitter buffer as its 20 ms, but those NetEq threw away for
    // coming after their time, and at most the last, which a loaded machine can deliver after the last
    // reading; nothing came out that was not received.
    expect(figures.emittedSamples).toBeLessThanOrEqual(figures.packetsReceived * 960)
    expect(figures.emittedSamples).toBeGreaterThanOrEqual(
      (figures.packetsReceived - figures.packetsDiscarded - 1) * 960,
    )
    for (const value of [figures.underruns, figures.delayMs, figures.targetDelayMs, figures.minimumDelayMs])
      expect(Number.isFinite(value)).toBe(true)
    expect(figures.delayMs).toBeGreaterThan(0)
    // The relay let through to the page the packets Chromium counted (none lost on `good`), the last
    // perhaps still on its way at the last reading.
    expect(run.arrivals.length).toBeGreaterThanOrEqual(figures.packetsReceived)
    expect(run.arrivals.length).toBeLessThanOrEqual(figures.packetsReceived + 1)
    expect(figures.packetsLost).toBe(0)
    const reference = fixedBufferReference(run.arrivals)
    expect(Number.isFinite(reference.underrunsPerMin)).toBe(true)
    // A prefill of 100 ms starts as soon as 100 ms of audio is in: at once when the packets come bunched.
    expect(reference.addedMs).toBeGreaterThanOrEqual(0)
  }, 90_000)
})
