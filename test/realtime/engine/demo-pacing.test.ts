// Upstream pacing against the demo service's 4413 rule (audio faster than real time beyond a 2 s
// allowance closes the socket). Each scenario is run twice: by the engine, which must get through with
// every sample delivered, and by a naive sender that writes its backlog at once, which must be cut off,
// showing the scenario does test something.
import WebSocket from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionsApi } from '../../../main/api/realtime/sessions-api'
import { MODELS, received, sentSamples, speak, startRig, voice, type DemoRig } from '../support/demo-engine'
import { startThrottleProxy, type ThrottleProxy } from '../support/throttle-proxy'

let rig: DemoRig | null = null
let proxy: ThrottleProxy | null = null
afterEach(async () => {
  await rig?.close()
  await proxy?.close()
  rig = null
  proxy = null
})

/** Model-R's 20 ms append frame is ~900 bytes on the wire: 45 KB/s of audio. */
const AUDIO_BYTES_PER_SEC = 45_000

describe('a throttled uplink with a backlog to send (Model-R)', () => {
  it('gets through without 4413 and delivers every sample; a naive sender is cut off', async () => {
    let rewrite = (url: string): string => url
    const r = (rig = await startRig(MODELS['model-r'], { rewriteUrl: (url) => rewrite(url) }))
    const p = (proxy = await startThrottleProxy(portOf(r.demo.baseUrl), {
      bytesPerSec: AUDIO_BYTES_PER_SEC * 0.85,
      slowForMs: 3_000,
    }))
    rewrite = p.rewrite
    // Session creation takes 1.8 s: that much speech is held as pre-roll before the socket exists. Alone
    // it is within the service's 2 s allowance; what the slow link holds back and then releases is not.
    r.demo.faults.latencyMs = 1_800
    r.engine.press()
    await speak(r.engine, 5_000)
    r.engine.release()
    await r.next('response', (e) => e.phase === 'done', 15_000)
    expect(r.sockets).toHaveLength(1)
    expect(r.sockets[0]?.closes.filter((c) => c.code === 4413)).toEqual([])
    const sent = sentSamples(r.sockets[0]!)
    expect(sent).toBeGreaterThanOrEqual(5_000 * 16)
    expect(received(r, r.engine.sessionId as string).committed).toEqual([sent])

    // The same pre-roll and link, sent the naive way: the backlog at once, then live frames.
    r.demo.faults.latencyMs = 0
    const naive = await naiveSend(r, p, { heldMs: 1_800, liveMs: 3_500 })
    expect(naive.closeCode).toBe(4413)
  })
})

describe('a file sent as fast as the service allows (live type)', () => {
  it('paces 6 s of audio captured at once: no 4413, all of it answered; unpaced it is refused', async () => {
    const r = (rig = await startRig(MODELS.live))
    r.engine.warm()
    await r.next('session')
    r.engine.press()
    const audio = voice(6 * 48_000, 48_000)
    for (let at = 0; at < audio.length; at += 960) r.engine.capture(48_000, audio.subarray(at, at + 960))
    r.engine.release()
    await r.next('response', (e) => e.phase === 'done', 15_000)
    expect(r.sockets[0]?.closes).toEqual([])
    const sent = sentSamples(r.sockets[0]!)
    expect(sent).toBeGreaterThanOrEqual(6_000 * 16)
    expect(received(r, r.engine.sessionId as string).committed).toEqual([sent])

    const naive = await naiveSend(r, null, { heldMs: 6_000, liveMs: 0 })
    expect(naive.closeCode).toBe(4413)
  })
})

function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port)
}

/**
 * The reference: a fresh Model-R session, `heldMs` of audio written at once, then `liveMs` more in real
 * time, with no pacing. Resolves with the close code, or null when the socket stayed open.
 */
async function naiveSend(
  r: DemoRig,
  p: ThrottleProxy | null,
  opts: { heldMs: number; liveMs: number },
): Promise<{ closeCode: number | null }> {
  const api = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary })
  const session = await api.create({ model: MODELS['model-r'], turnDetection: 'manual' })
  const connection = session.connection!
  const url = p ? p.rewrite(connection.url) : connection.url
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${connection.token}` } })
  let closeCode: number | null = null
  const closed = new Promise<void>((resolve) =>
    ws.on('close', (code) => {
      closeCode = code
      resolve()
    }),
  )
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const frame = (n: number): string =>
    JSON.stringify({
      type: 'input_audio_buffer.append',
      audio: Buffer.from(pcm20ms(n).buffer).toString('base64'),
    })
  let n = 0
  for (; n < opts.heldMs / 20; n++) ws.send(frame(n))
  for (let i = 0; i < opts.liveMs / 20 && ws.readyState === WebSocket.OPEN; i++, n++) {
    ws.send(frame(n))
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 4_000))])
  if (ws.readyState === WebSocket.OPEN) ws.close()
  await api.delete(session.id).catch(() => {})
  return { closeCode }
}

function pcm20ms(n: number): Int16Array {
  const pcm = new Int16Array(320)
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(8_000 * Math.sin((2 * Math.PI * 220 * (n * 320 + i)) / 16_000))
  return pcm
}
