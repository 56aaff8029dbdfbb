// The voice service over WebRTC, as the app runs it, with the network rig (bench/netem) between it and the
// real demo service: HTTP and the service-event stream through the TCP proxy, the peer's media and data
// through a UDP relay. A 5 s blackhole in the middle of a press: RTP sent meanwhile is gone and the ICE link
// survives it, so the page's quiet-link watch says the link is interrupted; main takes the microphone off
// the track, and once the link is heard from again clears the service's input buffer and gives the press
// again whole as audio events, then the track takes over. The service's committed turn is the press, once.
// The Voice view's status says the link is interrupted while it is, and no longer once it is back.
import { afterEach, describe, expect, it } from 'vitest'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { systemClock } from '../../main/realtime/engine/engine-clock'
import { SessionEngine } from '../../main/realtime/engine/session-engine'
import { rtcConnector } from '../../main/realtime/transports/rtc-transport'
import { SdpBudget, sdpExchanger } from '../../main/realtime/transports/sdp-exchange'
import { serviceEventStreams } from '../../main/realtime/transports/service-event-stream'
import { profile } from '../../bench/netem/profiles'
import { relayedPeers, type RelayedPeers } from '../../bench/netem/rtc-through-relay'
import { startTcpProxy, type TcpProxy } from '../../bench/netem/tcp-proxy'
import { connectThrough } from '../../bench/netem/through-rig'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { sleep, speakInto, startVoiceRig, type VoiceRig } from './support/voice-rig'
import { weriftPage, type WeriftPage } from './support/werift-page'

const MODEL_R = 'openai/gpt-realtime'
const MIC_RATE_HZ = 48_000
const OUTAGE_MS = 5_000
const BEFORE_MS = 1_500
const AFTER_MS = 3_500
const FRAME_MS = 20
/** Frames at the handovers between events and the track, each way, and the resampler's edges. */
const EDGE_SAMPLES = 4 * 320

let rig: VoiceRig | null = null
let proxy: TcpProxy | null = null
let relayed: RelayedPeers | null = null
let page: WeriftPage | null = null

afterEach(async () => {
  await page?.close()
  await rig?.close()
  await relayed?.close()
  await proxy?.close()
  rig = proxy = relayed = page = null
})

/** The page's microphone on the track: a 20 ms frame whenever main has it on, for `ms`. */
async function trackFollowsMic(p: WeriftPage, ms: number): Promise<void> {
  const frame = Int16Array.from(toneVoice(16_000 * 0.02, 16_000), (s) => Math.round(s * 32_767))
  const started = performance.now()
  for (let i = 0; i * FRAME_MS < ms; i++) {
    if (p.micOn && p.current() !== null) await p.speak(frame).catch(() => {})
    await sleep(started + (i + 1) * FRAME_MS - performance.now())
  }
}

describe.each(['default', 'alt'] as const)('a WebRTC press with a 5 s outage (%s variant)', (variant) => {
  it('is committed whole and once: cleared and sent again after the link comes back', async () => {
    let key = ''
    let through: TcpProxy | null = null
    const port = (): number => {
      if (!through) throw new Error('the rig is not up yet')
      return through.port
    }
    const r: VoiceRig = (rig = await startVoiceRig(
      { model: MODEL_R, transport: 'webrtc' },
      'ordinary',
      // As main/realtime/index.ts wires WebRTC, its HTTP sent to the proxy.
      (endpoint, options, playback, prepared) =>
        new SessionEngine(
          {
            api: new SessionsApi(endpoint),
            connect: connectThrough(
              rtcConnector({
                peers: r.voice.rtc,
                exchangeSdp: sdpExchanger(new SdpBudget()),
                serviceEvents: serviceEventStreams(endpoint, { clock: systemClock }),
                clock: systemClock,
              }),
              port(),
            ),
            playback,
            prepared,
          },
          options,
        ),
      variant,
      { endpoint: () => ({ baseUrl: `http://127.0.0.1:${port()}`, key }) },
    ))
    key = r.demo.keys.ordinary
    const good = profile('good')
    through = proxy = await startTcpProxy({
      targetPort: Number(new URL(r.demo.baseUrl).port),
      profile: good,
      seed: 3,
    })
    relayed = relayedPeers(r.voice.rtc, good, 3)
    const p = (page = weriftPage(r.events, relayed.page))
    r.page.onTrack = () => p.micOn && p.current() !== null
    const status = () => r.of('voice:status').at(-1)

    r.voice.press()
    await r.until(() => p.current() !== null && p.micOn, 15_000, 'the track to carry the microphone')
    const pressMs = BEFORE_MS + OUTAGE_MS + AFTER_MS
    const spoken = speakInto(r.page, toneVoice((MIC_RATE_HZ * pressMs) / 1000, MIC_RATE_HZ), MIC_RATE_HZ)
    const track = trackFollowsMic(p, pressMs)
    await sleep(BEFORE_MS)
    const statusesBefore = r.of('voice:status').length
    relayed.outage(OUTAGE_MS, 'blackhole')
    through.outage(OUTAGE_MS, 'blackhole')
    await Promise.all([spoken, track])
    r.voice.release()
    await r.until(
      () => status()?.state === 'ready' && r.voice.snapshot().lines.length === 2,
      45_000,
      'the answer',
    )

    // The view is told of the outage while the press goes on, and that it is over before the answer.
    const statuses = r.of('voice:status')
    expect(statuses.slice(0, statusesBefore).every((s) => s.link === 'ok')).toBe(true)
    const links = statuses.map((s) => s.link).filter((l, i, all) => i === 0 || l !== all[i - 1])
    expect(links).toEqual(['ok', 'interrupted', 'ok'])
    const stalled = statuses.filter((s) => s.link === 'interrupted')
    expect(new Set(stalled.map((s) => s.state))).toEqual(new Set(['listening']))
    // And the tray, for a user talking with the Voice window closed.
    expect(r.trayLink).toEqual([true, false])

    const sessionId = status()?.session?.id as string
    expect(
      new Set(
        r
          .of('voice:status')
          .map((s) => s.session?.id)
          .filter(Boolean),
      ),
    ).toEqual(new Set([sessionId]))
    // The same peer throughout: interrupted, then heard again, never replaced.
    expect(p.commands.filter((c) => c.op === 'open')).toHaveLength(1)
    expect(p.losses).toEqual([])
    const debug = r.realtime.getSessionDebug(sessionId)
    const audio = debug?.audio
    // One turn, the whole press at 16 kHz: nothing lost in the outage, nothing heard twice.
    expect(audio?.committedTurns).toHaveLength(1)
    const samples = audio?.committedTurns[0]?.samples ?? 0
    expect(Math.abs(samples - (pressMs * 16_000) / 1000)).toBeLessThan(EDGE_SAMPLES)
    // What the track carried before the outage reached the service, and was cleared with the rest.
    expect(debug?.rtp?.receivedMs).toBeGreaterThan(BEFORE_MS / 2)
    expect(audio?.receivedSamples).toBeGreaterThan(samples)
    expect(r.voice.snapshot().lines.map((l) => l.role)).toEqual(['user', 'assistant'])
  }, 120_000)
})
