// The edge layer in front of the gateway blocks any request without a User-Agent (management-api.md
// "Authentication" 3, its error 1010). Every client Loa has goes through a stand-in for that edge here:
// management, speech, realtime sessions, the SDP exchange, the realtime WebSocket and voice samples.
import type { IncomingHttpHeaders } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { ManagementClient } from '../../main/api/management/client'
import { TtsClient } from '../../main/api/tts/tts-client'
import { systemClock } from '../../main/realtime/engine/engine-clock'
import { sdpExchanger } from '../../main/realtime/transports/sdp-exchange'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { connectWebSocket } from '../../main/realtime/transports/ws-transport'
import { fetchPreview } from '../../main/tts/voice-preview'
import { startStubGateway } from '../support/stub-gateway'

const LOA_UA = /^Loa\/\d+\.\d+\.\d+ \(/

let stop: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const s of stop) await s()
  stop = []
})

/** Answers like the edge without a User-Agent, else with a minimal answer of the right type. */
async function edge() {
  const g = await startStubGateway((path, headers: IncomingHttpHeaders) => {
    if (!headers['user-agent']) return { status: 403, raw: 'error code: 1010' }
    if (path.startsWith('/sdp'))
      return { status: 201, raw: 'v=0\r\n', headers: { 'Content-Type': 'application/sdp' } }
    if (path.startsWith('/sample'))
      return { status: 200, raw: 'ID3abc', headers: { 'Content-Type': 'audio/mpeg' } }
    return { status: 200, body: {} }
  })
  stop.push(g.close)
  return { ...g, endpoint: { baseUrl: g.baseUrl, key: 'sk-test-0001' } }
}

const settled = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    () => undefined,
  )

describe('every client sends a User-Agent naming Loa', () => {
  it('over HTTP: management, speech, realtime sessions, SDP and voice samples', async () => {
    const g = await edge()
    await settled(new ManagementClient({ endpoint: g.endpoint }).me())
    const tts = new TtsClient({ endpoint: g.endpoint })
    await settled(tts.models())
    await settled(
      tts.synthesize({ model: 'openai/tts-1', input: 'hi', voice: 'alloy' }, { idempotencyKey: 'k' }),
    )
    await settled(tts.download('job_1'))
    await settled(new SessionsApi(g.endpoint).models())
    await settled(
      sdpExchanger()(`${g.baseUrl}/sdp/s1`, 'tok', 'v=0\r\n', {
        clock: systemClock,
        deadlineMs: systemClock.now() + 5_000,
      }),
    )
    await settled(fetchPreview(`${g.baseUrl}/sample/alloy.mp3`))
    const paths = g.seen.map((r) => r.path.split('?')[0])
    expect(paths).toEqual([
      '/v1/management/me',
      '/v1/models/tts',
      '/v1/audio/speech',
      '/v1/audio/speech/job_1/download',
      '/v1/realtime/models',
      '/sdp/s1',
      '/sample/alloy.mp3',
    ])
    for (const r of g.seen) expect(r.headers['user-agent'], r.path).toMatch(LOA_UA)
  })

  it('on the realtime WebSocket', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    stop.push(() => new Promise<void>((resolve) => wss.close(() => resolve())))
    await new Promise((resolve) => wss.once('listening', resolve))
    const seen: IncomingHttpHeaders[] = []
    wss.on('connection', (_ws, req) => seen.push(req.headers))
    const { port } = wss.address() as { port: number }
    const t = await connectWebSocket(
      { url: `ws://127.0.0.1:${port}/v1/realtime`, token: 'tok' },
      { frame: () => {}, error: () => {}, close: () => {} },
      { timeoutMs: 2_000 },
    )
    t.close()
    expect(seen[0]?.['user-agent']).toMatch(LOA_UA)
  })
})
