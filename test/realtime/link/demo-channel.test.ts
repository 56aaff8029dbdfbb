// Close code 4503 from the demo service ("audio channel could not be opened; create a new session and
// retry", realtime-api.md "WebSocket connection"): one new session, the press's audio carried over to it;
// a second 4503 in a row stops with a clear error instead of creating sessions without end.
import { afterEach, describe, expect, it } from 'vitest'
import { MODELS, received, speak, startRig, type DemoRig } from '../support/demo-engine'

let rig: DemoRig | null = null
afterEach(async () => {
  await rig?.close()
  rig = null
})

describe.each(['model-r', 'live'] as const)('%s over WebSocket', (wire) => {
  it('answers a 4503 with one new session that gets the whole turn', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    r.demo.faults.failChannel = { count: 1 }
    r.engine.press()
    await speak(r.engine, 500)
    r.engine.release()
    await r.next('caption', (c) => c.role === 'assistant' && c.final, 20_000)
    expect(r.sockets[0]?.closes[0]?.code).toBe(4503)
    // The refused session's socket opened and closed at once; the turn went whole to the second one.
    const sessions = r.of('session')
    expect(sessions).toHaveLength(2)
    expect(sessions[1]?.sessionId).not.toBe(sessions[0]?.sessionId)
    expect(received(r, sessions[0]!.sessionId).committed).toEqual([])
    expect(received(r, sessions[1]!.sessionId).committed[0]).toBeGreaterThanOrEqual(500 * 16 * 0.9)
    expect(r.of('error')).toEqual([])
  })

  it('stops with a clear error when the new session’s channel fails too', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    r.demo.faults.failChannel = { count: 2 }
    r.engine.press()
    await speak(r.engine, 300)
    r.engine.release()
    const failure = await r.next('error', (e) => e.fatal)
    expect(failure.error).toMatchObject({ kind: 'server', code: 'realtime_channel_failed' })
    expect(failure.error.message).toMatch(/audio channel/)
    expect(r.sockets.map((s) => s.closes[0]?.code)).toEqual([4503, 4503])
    expect(r.engine.state).toBe('failed')
    // The next press tries again, and the channel opens.
    r.engine.press()
    await speak(r.engine, 300)
    r.engine.release()
    await r.next('caption', (c) => c.role === 'assistant' && c.final, 20_000)
  })
})
