// A press whose connection is reset in the middle (the device changing network), through the network rig
// (bench/netem) in front of the real demo service, on both of its dialects. Model-R: the session is
// resumed, its input buffer cleared and the press sent again from its start, so the committed turn holds
// every sample of the press exactly once. Live-type has no clear: nothing is sent twice, and what is lost
// is at most the audio not yet known to have arrived when the connection died.
import { describe, expect, it } from 'vitest'
import { concat } from '../../demo/realtime/client'
import { MODELS, received, speak, type DemoRig, type SocketLog } from '../support/demo-engine'
import { rigsBehindProxy } from '../support/rig-behind-proxy'

const rigs = rigsBehindProxy()

const OUTAGE_MS = 5_000
/** The press goes on past the outage, long enough for the session to be resumed before key-up. */
const AFTER_MS = 4_000
/** The most audio the engine lets go unacknowledged: 32 KiB of base64 JSON, about 0.75 s at 16 kHz. */
const MAX_UNACKED_SAMPLES = 0.75 * 16_000
/** The resampler's edges: a few samples held back, or its filter's tail flushed at key-up. */
const RESAMPLER_EDGE_SAMPLES = 320

interface Frame {
  type?: string
  audio?: string
  realtimeInput?: { audio?: { data?: string }; activityStart?: object }
}

/** The audio a socket carried, in order, from its last frame matching `from` (or its first frame). */
function audioOf(log: SocketLog, from: (f: Frame) => boolean = () => false): Int16Array {
  const frames = log.sent.map((s) => JSON.parse(s.frame) as Frame)
  let start = 0
  frames.forEach((f, i) => {
    if (from(f)) start = i
  })
  const parts = frames
    .slice(start)
    .map((f) => f.audio ?? f.realtimeInput?.audio?.data)
    .filter((b): b is string => b !== undefined)
    .map((b) => {
      const bytes = Buffer.from(b, 'base64')
      return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2)
    })
  return concat(...parts)
}

async function pressThroughReset(
  wire: keyof typeof MODELS,
  variant: 'default' | 'alt',
): Promise<{ r: DemoRig; sessionId: string; capturedAt16k: number }> {
  const { r, p } = await rigs.start(MODELS[wire], 'wifi', 5, { variant })
  r.engine.warm()
  const opened = await r.next('session')
  r.engine.press()
  const spoken = [await speak(r.engine, 1_000)]
  p.outage(OUTAGE_MS, 'reset')
  spoken.push(await speak(r.engine, OUTAGE_MS + AFTER_MS, 48_000, 48_000))
  r.engine.release()
  const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final, 40_000)
  expect(answer.text.length).toBeGreaterThan(0)
  expect(p.stats().resets).toBeGreaterThan(0)
  // Resumed, not replaced: one session, the conversation kept.
  expect(r.sockets.length).toBeGreaterThan(1)
  expect(new Set(r.of('session').map((s) => s.sessionId))).toEqual(new Set([opened.sessionId]))
  expect(r.of('session').at(-1)?.resumed).toBe(true)
  expect(r.of('error')).toEqual([])
  expect(r.of('audioDropped')).toEqual([])
  const capturedAt16k = (spoken.reduce((n, s) => n + s.length, 0) * 16_000) / 48_000
  expect(capturedAt16k).toBe(((1_000 + OUTAGE_MS + AFTER_MS) * 16_000) / 1000)
  return { r, sessionId: opened.sessionId, capturedAt16k }
}

describe.each(['default', 'alt'] as const)('a reset in the middle of a press (%s dialect)', (variant) => {
  it('Model-R: the press is sent again after a clear, and the turn holds every sample once', async () => {
    const { r, sessionId, capturedAt16k } = await pressThroughReset('model-r', variant)
    const last = r.sockets.at(-1) as SocketLog
    const first = r.sockets[0] as SocketLog
    const resent = audioOf(last, (f) => f.type === 'input_audio_buffer.clear')
    expect(last.sent.some((s) => s.frame.includes('"input_audio_buffer.clear"'))).toBe(true)
    // The whole press, from its first sample: what the first socket carried is its beginning.
    expect(Math.abs(capturedAt16k - resent.length)).toBeLessThan(RESAMPLER_EDGE_SAMPLES)
    const before = audioOf(first)
    expect(before.length).toBeGreaterThan(0)
    expect(resent.subarray(0, before.length)).toEqual(before)
    // The service's turn is exactly that audio: nothing lost, nothing twice.
    const got = received(r, sessionId)
    expect(got.committed.at(-1)).toBe(resent.length)
    expect(got.pcm.subarray(got.pcm.length - resent.length)).toEqual(resent)
  }, 90_000)

  it('Live-type: nothing is sent twice, and at most the unacknowledged audio is lost', async () => {
    const { r, sessionId, capturedAt16k } = await pressThroughReset('live', variant)
    const sent = r.sockets.map((log) => audioOf(log))
    const sentSamples = sent.reduce((n, a) => n + a.length, 0)
    expect(Math.abs(capturedAt16k - sentSamples)).toBeLessThan(RESAMPLER_EDGE_SAMPLES)
    // No activity started again on the resumed socket: the service's open activity goes on.
    const resumed = r.sockets.at(-1) as SocketLog
    expect(resumed.sent.some((s) => s.frame.includes('activityStart'))).toBe(false)
    const got = received(r, sessionId)
    expect(got.samples).toBeLessThanOrEqual(sentSamples)
    expect(got.committed.at(-1)).toBe(got.samples)
    const lost = sentSamples - got.samples
    expect(lost).toBeLessThanOrEqual(MAX_UNACKED_SAMPLES)
    // What arrived is what was sent, in order, less a stretch cut out where the connection died.
    const all = new Int16Array(sentSamples)
    let at = 0
    for (const a of sent) {
      all.set(a, at)
      at += a.length
    }
    const head = (sent[0] as Int16Array).length - lost
    expect(got.pcm.subarray(0, Math.max(0, head))).toEqual(all.subarray(0, Math.max(0, head)))
    expect(got.pcm.subarray(got.pcm.length - (sentSamples - (sent[0] as Int16Array).length))).toEqual(
      all.subarray((sent[0] as Int16Array).length),
    )
  }, 90_000)
})
