// The voice service as the app runs it (settings, audio port, page), its HTTP and WebSocket through the
// network rig (bench/netem) in front of the real demo service: a turn with a 5 s outage in the middle
// completes, in the same conversation, and the service's turn holds the user's whole press. A Wi-Fi-style
// outage (packets vanish, the connection survives) on both protocols; a reset (the device changing
// network) on Model-R, whose press is given again whole after a clear.
import { afterEach, describe, expect, it } from 'vitest'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { SessionEngine } from '../../main/realtime/engine/session-engine'
import { webSocketConnector } from '../../main/realtime/transports/ws-transport'
import { profile } from '../../bench/netem/profiles'
import { startTcpProxy, type TcpProxy } from '../../bench/netem/tcp-proxy'
import { connectThrough } from '../../bench/netem/through-rig'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, startVoiceRig, type VoiceRig } from './support/voice-rig'

const MIC_RATE_HZ = 48_000
const OUTAGE_MS = 5_000
/** The resampler's edges: a few samples held back, or its filter's tail flushed at key-up. */
const RESAMPLER_EDGE_SAMPLES = 320

let rig: VoiceRig | null = null
let proxy: TcpProxy | null = null
afterEach(async () => {
  await rig?.close()
  await proxy?.close()
  rig = proxy = null
})

describe.each([
  ['openai/gpt-realtime', 'blackhole'],
  ['openai/gpt-realtime', 'reset'],
  ['google/gemini-live-2.5-flash', 'blackhole'],
] as const)('%s, a %s outage on wifi', (model, kind) => {
  it('completes the turn in the same conversation without losing the user’s speech', async () => {
    let through: TcpProxy | null = null
    let key = ''
    const rigProxy = (): TcpProxy => {
      if (!through) throw new Error('the rig is not up yet')
      return through
    }
    const r: VoiceRig = (rig = await startVoiceRig(
      { model },
      'ordinary',
      // The app's engine, its socket sent to the rig: the service's URLs name its own port.
      (endpoint, options, playback, prepared, runTool) =>
        new SessionEngine(
          {
            api: new SessionsApi(endpoint),
            connect: connectThrough(webSocketConnector(), rigProxy().port),
            playback,
            prepared,
            ...(runTool ? { runTool } : {}),
          },
          options,
        ),
      undefined,
      { endpoint: () => ({ baseUrl: rigProxy().baseUrl, key }) },
    ))
    key = r.demo.keys.ordinary
    through = proxy = await startTcpProxy({
      targetPort: Number(new URL(r.demo.baseUrl).port),
      profile: profile('wifi'),
      seed: 7,
    })
    const status = () => r.of('voice:status').at(-1)
    r.voice.press()
    const speech = toneVoice(8 * MIC_RATE_HZ, MIC_RATE_HZ)
    const speaking = speakInto(r.page, speech, MIC_RATE_HZ)
    await r.until(() => status()?.session?.id !== undefined, 10_000, 'the session')
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    rigProxy().outage(OUTAGE_MS, kind)
    await speaking
    r.voice.release()
    await r.until(
      () => r.voice.snapshot().lines.some((l) => l.role === 'assistant' && l.text.length > 0),
      45_000,
      'the answer',
    )
    await r.until(() => status()?.state === 'ready', 30_000, 'the answer to end')

    const sessionIds = new Set(
      r
        .of('voice:status')
        .map((s) => s.session?.id)
        .filter(Boolean),
    )
    expect(sessionIds.size).toBe(1)
    const sessionId = [...sessionIds][0] as string
    const audio = r.realtime.getSessionDebug(sessionId)?.audio
    // One turn, holding the whole press: 8 s at 16 kHz.
    expect(audio?.committedTurns).toHaveLength(1)
    const turn = audio?.committedTurns[0]?.samples ?? 0
    expect(Math.abs(turn - 8 * 16_000)).toBeLessThan(RESAMPLER_EDGE_SAMPLES)
    expect(r.voice.snapshot().lines.map((l) => l.role)).toEqual(['user', 'assistant'])
    expect(rigProxy().stats().resets > 0).toBe(kind === 'reset')
  }, 120_000)
})
