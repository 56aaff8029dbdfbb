// The engine against the demo service when things go wrong, for both wire protocols: a dropped socket
// resumed with the conversation and the audio captured meanwhile, termination by the spending cap, an
// expired token, and the idle end on a time-scaled service.
import { afterEach, describe, expect, it } from 'vitest'
import { scaledClock } from '../../../main/realtime/engine/engine-clock'
import { SessionEngine } from '../../../main/realtime/engine/session-engine'
import { SessionsApi } from '../../../main/api/realtime/sessions-api'
import { webSocketConnector } from '../../../main/realtime/transports/ws-transport'
import { MODELS, received, sentSamples, speak, startRig, type DemoRig } from '../support/demo-engine'

let rig: DemoRig | null = null
afterEach(async () => {
  await rig?.close()
  rig = null
})

describe.each(['model-r', 'live'] as const)('%s', (wire) => {
  it('resumes a dropped socket: same session, conversation kept, audio captured meanwhile delivered', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    // The first socket drops 4.5 s after it opens. While resuming, the service answers HTTP slowly, so the
    // gap is long enough to capture audio in it; the resumed socket keeps.
    r.demo.faults.dropWebSocketAfterMs = 4_500
    r.engine.on((e) => {
      if (e.type !== 'state') return
      if (e.state === 'reconnecting') {
        r.demo.faults.dropWebSocketAfterMs = null
        r.demo.faults.latencyMs = 300
      } else if (e.previous === 'reconnecting') r.demo.faults.latencyMs = 0
    })
    r.engine.press()
    await speak(r.engine, 500)
    r.engine.release()
    await r.next('response', (e) => e.phase === 'done')

    r.engine.press()
    let fedWhileReconnecting = 0
    let resumedAt: number | null = null
    for (let i = 0; i < 500; i++) {
      if (r.engine.state === 'reconnecting') fedWhileReconnecting++
      if (resumedAt === null && r.of('session').length === 2) resumedAt = i
      if (resumedAt !== null && i - resumedAt >= 50) break
      await speak(r.engine, 20, 48_000, i * 960)
    }
    r.engine.release()
    const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final && /turn 2/.test(c.text))
    expect(answer.text).toMatch(/This is turn 2\./)
    const sessions = r.of('session')
    expect(sessions.map((s) => s.resumed)).toEqual([false, true])
    expect(sessions[0]?.sessionId).toBe(sessions[1]?.sessionId)
    expect(fedWhileReconnecting).toBeGreaterThan(5)

    const [dropped, resumed] = r.sockets
    expect(dropped?.closes[0]?.code).toBe(1006)
    const got = received(r, sessions[0]?.sessionId as string)
    const onResumed = appendedSamples(resumed!)
    expect(onResumed.length).toBeGreaterThanOrEqual(fedWhileReconnecting * 320)
    // What went out on the resumed socket, the audio of the gap first, is the tail of what the service
    // holds, sample for sample.
    const tail = got.pcm.subarray(got.pcm.length - onResumed.length)
    expect(bytesOf(tail).equals(bytesOf(onResumed))).toBe(true)
    // A frame or two may have been in flight on the dropped socket when it died.
    expect(got.samples).toBeGreaterThanOrEqual(sentSamples(dropped!) + onResumed.length - 640)
    expect(r.of('error')).toEqual([])
  })

  it('reports session.terminated when the spending cap is reached; the next press opens a new session', async () => {
    const r = (rig = await startRig(MODELS[wire], { engine: { maxSpendVnd: 40 } }))
    r.engine.press()
    await speak(r.engine, 1_000)
    r.engine.release()
    const cut = await r.next('terminated')
    expect(cut.reason).toBe('max_spend_reached')
    expect(cut.message).toMatch(/cap/)
    await waitFor(() => r.engine.state === 'idle')
    const first = cut.sessionId
    r.engine.press()
    await speak(r.engine, 300)
    r.engine.release()
    const next = await r.next('session', (s) => s.sessionId !== first)
    expect(next.resumed).toBe(false)
    expect(r.engine.cost().settledVnd).toBeGreaterThanOrEqual(40)
  })

  it('replaces a session whose token expired before it connected, without the user noticing', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    const api = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary })
    let created = 0
    // The first session's token is made stale by jumping the service clock past its 60 s.
    const slowApi = {
      create: async (...args: Parameters<SessionsApi['create']>) => {
        const session = await api.create(...args)
        if (++created === 1) await advanceServiceClock(r.demo.baseUrl, 61_000)
        return session
      },
      reconnect: api.reconnect.bind(api),
      delete: api.delete.bind(api),
    }
    const engine = new SessionEngine(
      { api: slowApi, connect: webSocketConnector(), playback: r.sink },
      { model: MODELS[wire], instructions: 'Answer in English.' },
    )
    const errors: unknown[] = []
    const sessionIds: string[] = []
    engine.on((e) => {
      if (e.type === 'error') errors.push(e)
      if (e.type === 'session') sessionIds.push(e.sessionId)
    })
    engine.press()
    await speak(engine, 600)
    engine.release()
    await waitFor(() => r.sink.chunks.length > 0)
    expect(created).toBe(2)
    expect(sessionIds).toHaveLength(1)
    const page = await api.list(5)
    const [newest, stale] = page.sessions
    expect(newest?.id).toBe(sessionIds[0])
    expect(stale?.status).toBe('cancelled')
    expect(received(r, sessionIds[0] as string).committed[0]).toBeGreaterThanOrEqual(600 * 16)
    expect(errors).toEqual([])
    await engine.end()
  })
})

describe('idle on a time-scaled service (100x)', () => {
  it('ends the session itself before the service would, and re-creates it on the next press', async () => {
    const r = (rig = await startRig(MODELS['model-r'], { timeScale: 100 }))
    const engine = new SessionEngine(
      {
        api: new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary }),
        connect: webSocketConnector(),
        clock: scaledClock(100),
      },
      { model: MODELS['model-r'] },
    )
    const ended: string[] = []
    const sessions: string[] = []
    engine.on((e) => {
      if (e.type === 'sessionEnded') ended.push(e.reason)
      if (e.type === 'session') sessions.push(e.sessionId)
    })
    engine.warm()
    await waitFor(() => sessions.length === 1)
    // 150 service seconds (the engine's idle end) are 1.5 real seconds; the service's own is at 180.
    await waitFor(() => ended.length === 1, 5_000)
    expect(ended).toEqual(['client_idle'])
    expect(engine.state).toBe('idle')
    const first = await new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary }).get(
      sessions[0]!,
    )
    expect(first).toMatchObject({ status: 'ended', endReason: 'client_deleted' })
    engine.press()
    await speak(engine, 300)
    engine.release()
    await waitFor(() => sessions.length === 2)
    expect(received(r, sessions[1]!).samples).toBeGreaterThanOrEqual(300 * 16)
    await engine.end()
  })

  it('starts over after the service’s own idle end when the engine’s is off', async () => {
    const r = (rig = await startRig(MODELS.live, { timeScale: 100 }))
    const engine = new SessionEngine(
      {
        api: new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary }),
        connect: webSocketConnector(),
        clock: scaledClock(100),
      },
      { model: MODELS.live, idleEndMs: 0 },
    )
    const ended: string[] = []
    engine.on((e) => e.type === 'sessionEnded' && ended.push(e.reason))
    engine.warm()
    await waitFor(() => ended.length === 1, 6_000)
    expect(ended).toEqual(['idle_timeout'])
    expect(engine.state).toBe('idle')
    engine.press()
    await waitFor(() => engine.state === 'listening')
    engine.release()
    await engine.end()
  })
})

async function waitFor(ok: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!ok()) {
    if (performance.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function advanceServiceClock(baseUrl: string, advanceMs: number): Promise<void> {
  const res = await fetch(`${baseUrl}/__demo/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  })
  if (!res.ok) throw new Error(`clock: ${res.status}`)
}

function bytesOf(pcm: Int16Array): Buffer {
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)
}

/** The PCM of every audio frame a socket sent, in order. */
function appendedSamples(log: { sent: { frame: string }[] }): Int16Array {
  const parts: Buffer[] = []
  for (const { frame } of log.sent) {
    const m = JSON.parse(frame) as { audio?: string; realtimeInput?: { audio?: { data?: string } } }
    const b64 = m.audio ?? m.realtimeInput?.audio?.data
    if (b64) parts.push(Buffer.from(b64, 'base64'))
  }
  const bytes = Buffer.concat(parts)
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
}
