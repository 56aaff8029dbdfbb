// Upstream pacing (close 4413 when audio outruns real time) and the record of the audio that reached
// the service, in process and through the loopback endpoint.
import { afterEach, describe, expect, it } from 'vitest'
import { wavBytes } from '../../../main/demo/realtime/debug-routes'
import { AudioPacer, PACING_ALLOWANCE_SEC } from '../../../main/demo/realtime/pacing'
import { call, chunks, createSession, sendPaced, sine, TestSocket, toBase64 } from './client'
import { startHarness, type Harness } from './harness'

const TIME_SCALE = 4
let h: Harness
afterEach(async () => {
  await h?.close()
})

const R_WS = { model: 'openai/gpt-realtime', transport: 'websocket', turn_detection: null }

describe('AudioPacer', () => {
  it('allows a 2 s lead over real time and refills at one audio second per second', () => {
    const pacer = new AudioPacer(0)
    expect(pacer.take(PACING_ALLOWANCE_SEC, 0)).toBe(true)
    expect(pacer.take(0.1, 0)).toBe(false)
    const fresh = new AudioPacer(0)
    expect(fresh.take(2, 0)).toBe(true)
    expect(fresh.take(1, 1_000)).toBe(true)
    expect(fresh.take(0.5, 1_400)).toBe(false)
    // A long pause does not bank more than the allowance.
    const idle = new AudioPacer(0)
    expect(idle.take(2.5, 60_000)).toBe(false)
  })
})

describe('4413', () => {
  it('closes a Model-R socket that sends 5 s of audio at once', async () => {
    h = await startHarness({ timeScale: TIME_SCALE })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    for (const c of chunks(sine(5), 1_600))
      socket.send({ type: 'input_audio_buffer.append', audio: toBase64(c) })
    const closed = await socket.closed
    expect(closed.code).toBe(4413)
    // What was accepted before the cut is at most the allowance (plus the start-up refill).
    const debug = h.mount.getSessionDebug(s.id)
    expect(debug?.audio.receivedSamples).toBeLessThanOrEqual(2.5 * 16_000)
  })

  it('closes a live-type socket that floods too', async () => {
    h = await startHarness({ timeScale: TIME_SCALE })
    const s = await createSession(h.baseUrl, 'key-basic', { model: 'google/gemini-live-2.5-flash' })
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    socket.send({ realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: toBase64(sine(3)) } } })
    expect((await socket.closed).code).toBe(4413)
  })

  it('accepts 6 s of audio sent at real-time pace, and records exactly what was sent', async () => {
    h = await startHarness({ timeScale: TIME_SCALE })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    const signal = sine(6, 523, 9_000)
    await sendPaced(
      (c) => socket.send({ type: 'input_audio_buffer.append', audio: toBase64(c) }),
      signal,
      TIME_SCALE,
    )
    socket.send({ type: 'input_audio_buffer.commit' })
    await socket.type('input_audio_buffer.committed')
    expect(socket.ws.readyState).toBe(socket.ws.OPEN)

    const debug = h.mount.getSessionDebug(s.id)
    expect(debug?.audio.receivedSamples).toBe(signal.length)
    expect(debug?.audio.retainedPcm).toEqual(signal)
    expect(debug?.audio.committedTurns).toEqual([
      { itemId: expect.stringMatching(/^item_/), samples: signal.length },
    ])

    const wav = await fetch(`${h.baseUrl}/__demo/realtime/sessions/${s.id}/audio`)
    expect(wav.headers.get('content-type')).toBe('audio/wav')
    expect(wav.headers.get('x-demo-received-samples')).toBe(String(signal.length))
    expect(wav.headers.get('x-demo-committed-samples')).toBe(String(signal.length))
    expect(Buffer.from(await wav.arrayBuffer()).equals(wavBytes(signal, 16_000))).toBe(true)
    const json = await call(h.baseUrl, 'GET', `/__demo/realtime/sessions/${s.id}/audio?format=json`)
    expect(json.json).toMatchObject({ sample_rate_hz: 16_000, received_samples: signal.length, appends: 60 })
    expect((await call(h.baseUrl, 'GET', '/__demo/realtime/sessions/sess_none/audio')).status).toBe(404)
    socket.ws.close()
  })
})
