// The network suite's WebRTC half (network.ts runs it per profile): the engine as the app wires it for
// WebRTC, its HTTP (create, SDP, service events) through the rig's TCP proxy and the page's peer (werift, as
// in the webrtc suite) talking to the demo's through a UDP relay per link (bench/netem/rtc-through-relay.ts).
// The answer's audio is played by the page's own WebRTC jitter buffer, not by Loa's player, and werift has
// none: its underruns and added delay are measured in Chromium (bench/rtc-playback); what the werift page
// receives is measured here, RTP packets lost and those later than a fixed 100 ms buffer would play them.
import { EventHub } from '../../main/ipc/event-hub'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { systemClock } from '../../main/realtime/engine/engine-clock'
import type { EngineEvent } from '../../main/realtime/engine/engine-events'
import { SessionEngine } from '../../main/realtime/engine/session-engine'
import { RtcPeers } from '../../main/realtime/transports/rtc-peers'
import { rtcConnector } from '../../main/realtime/transports/rtc-transport'
import { SdpBudget, sdpExchanger } from '../../main/realtime/transports/sdp-exchange'
import { serviceEventStreams } from '../../main/realtime/transports/service-event-stream'
import { weriftPage, type WeriftPage } from '../../test/voice/support/werift-page'
import type { ReceivedRtp } from '../../test/demo/realtime/support/werift-client'
import type { NetworkProfile } from '../netem/profiles'
import { relayedPeers, type RelayedPeers } from '../netem/rtc-through-relay'
import type { TcpProxy } from '../netem/tcp-proxy'
import { connectThrough } from '../netem/through-rig'
import type { DemoProcess } from '../demo-process'
import { goalFigure, percentile, significant } from '../goal'
import {
  DEVICE_RATE_HZ,
  awaitable as awaitableEvent,
  committedSamples,
  flowingAgain,
  sleep,
  startMicrophone,
} from '../realtime-rig'
import type { Figure } from '../types'
import { sayOnTrack } from './webrtc'
import { QUIET_MS } from '../../renderer/audio/quiet-link'

const MODEL_R = 'openai/gpt-realtime'
const TRANSPORT = 'webrtc'
const TURNS = 4
const SPEECH_MS = 1_500
const OUTAGE_MS = 5_000
const OUTAGE_AFTER_MS = 1_500
const SPEECH_AFTER_OUTAGE_MS = 2_500
const ANSWER_TIMEOUT_MS = 45_000
const RECOVERY_POLL_MS = 20
const LISTEN_AFTER_MS = 600
const REFERENCE_HOLD_MS = 100
/** Opus RTP timestamps count 48 kHz samples; the demo sends 20 ms a packet. */
const RTP_RATE_HZ = 48_000
const PACKET_MS = 20
const NO_GOAL = '>=0'

export const WEBRTC_METHOD = {
  webrtc: `Transport webrtc: the engine with RtcPeers and a werift peer as the page (test/voice/support/werift-page.ts); create, SDP and the service-event stream through the TCP proxy, media and data through a UDP relay per link with the same profile (each datagram lost, delayed and so reordered on its own). Until the data channel is open the relay neither loses nor reorders (the profile's mean delay only): werift does not recover a DTLS handshake whose packets were lost or reordered, which Chromium does. Late packets include the demo's own pacing drift on a loaded machine. Same ${TURNS} turns of ${SPEECH_MS} ms (spoken on the track, and captured by main as the app does). Key-up to answer audio: the first answer RTP packet at the page, less the round trip. The page's jitter buffer plays the answer, not Loa's player, and werift has none: its underruns and added delay are Chromium's, measured in the webrtc-playback part (webrtcPlayback); measured here are the answer's RTP packets lost (sequence gaps) and late (after a fixed ${REFERENCE_HOLD_MS} ms buffer from the answer's first packet would play them), per minute of answer audio. Cold speech lost: captured from the cold press less the turn the service committed. Outage: blackhole only (UDP has no connection to reset), on the relay and the proxy at once, as in the WebSocket runs. Main marks a captured block as carried by the track while the page's track carries the microphone, as the page marks its frames; the page runs the app's quiet-link watch (renderer/audio/quiet-link.ts: interrupted after ${QUIET_MS} ms without a datagram from the service while the track carries the microphone, werift's ICE never saying disconnected) and speaks on the track only while main has the microphone on it. Outage speech lost: captured during the press less the turn the service committed; heardTwiceMs: the committed turn beyond what was captured.`,
}

interface Client {
  engine: SessionEngine
  page: WeriftPage
  relayed: RelayedPeers
  rtc: RtcPeers
  close(): Promise<void>
}

function newClient(demo: DemoProcess, proxy: TcpProxy, profile: NetworkProfile, seed: number): Client {
  const events = new EventHub()
  const rtc = new RtcPeers({ available: true, command: (c) => events.emit('voice:rtc', c) })
  const relayed = relayedPeers(rtc, profile, seed)
  const page = weriftPage(events, relayed.page)
  const endpoint = { baseUrl: proxy.baseUrl, key: demo.key }
  const connect = connectThrough(
    rtcConnector({
      peers: rtc,
      exchangeSdp: sdpExchanger(new SdpBudget()),
      serviceEvents: serviceEventStreams(endpoint, { clock: systemClock }),
      clock: systemClock,
    }),
    proxy.port,
  )
  const engine = new SessionEngine(
    { api: new SessionsApi(endpoint), connect },
    {
      model: MODEL_R,
      transport: 'webrtc',
      instructions: 'Answer in English.',
      outputRateHz: 48_000,
      costTickMs: 0,
    },
  )
  // As the voice service wires it: the key and the engine's `track` event decide the microphone.
  engine.on((e) => {
    if (e.type === 'track') rtc.setTrackLive(e.live)
  })
  return {
    engine,
    page,
    relayed,
    rtc,
    close: async () => {
      await engine.end()
      await page.close()
      await relayed.close()
    },
  }
}

/**
 * Speech on the track for `ms`, whenever main has the microphone on it: a link lost under it, or main
 * taking the microphone off (an interrupted link), leaves that stretch unsaid on the track, as the page's
 * would be; it is said on again once main puts the microphone back.
 */
async function say(page: WeriftPage, ms: number): Promise<void> {
  const endsAt = performance.now() + ms
  while (performance.now() < endsAt - PACKET_MS) {
    await sayOnTrack(page, endsAt - performance.now()).catch(() => sleep(PACKET_MS))
  }
  await sleep(endsAt - performance.now())
}

export async function webrtcConversation(
  demo: DemoProcess,
  proxy: TcpProxy,
  profile: NetworkProfile,
  seed: number,
): Promise<Figure[]> {
  const client = newClient(demo, proxy, profile, seed)
  const { engine, page, rtc } = client
  const mic = startMicrophone(engine, () => page.micOn && page.current() !== null)
  const releases: number[] = []
  let coldLostMs = Number.NaN
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      const session = turn === 0 ? awaitable(engine, (e) => e.type === 'session') : null
      const done = awaitable(engine, (e) => e.type === 'response' && e.phase === 'done')
      const capturedBefore = mic.captured
      rtc.setKeyDown(true)
      engine.press()
      await say(page, SPEECH_MS)
      releases.push(performance.now())
      engine.release()
      rtc.setKeyDown(false)
      const capturedMs = ((mic.captured - capturedBefore) * 1000) / DEVICE_RATE_HZ
      await done
      const rtp = page.current()?.rtp ?? []
      const answer = rtp.filter((p) => p.atMs >= (releases.at(-1) as number))
      await sleep(
        (answer[0]?.atMs ?? performance.now()) +
          answer.length * PACKET_MS +
          LISTEN_AFTER_MS -
          performance.now(),
      )
      if (session) {
        const opened = (await session) as Extract<EngineEvent, { type: 'session' }>
        const first = (await committedSamples(demo, opened.sessionId))[0] ?? 0
        coldLostMs = Math.max(0, capturedMs - first / 16)
      }
    }
  } finally {
    mic.stop()
  }
  const rtp = page.current()?.rtp ?? []
  await client.close()
  const answers = releases.map((at, i) =>
    rtp.filter((p) => p.atMs >= at && p.atMs < (releases[i + 1] ?? Infinity)),
  )
  const firstMs = answers.map((a, i) => (a[0]?.atMs ?? Number.NaN) - (releases[i] as number) - profile.rttMs)
  const audioMin = (rtp.length * PACKET_MS) / 60_000
  const lost = answers.reduce((n, a) => n + sequenceGaps(a), 0)
  const late = answers.reduce((n, a) => n + lateFor(a, REFERENCE_HOLD_MS), 0)
  const labels = { profile: profile.name, transport: TRANSPORT }
  return [
    goalFigure('keyUpToAnswerAudioBeyondRttMs', NO_GOAL, percentile(firstMs, 50), {}, labels),
    goalFigure(
      'rtpLostPerMinute',
      NO_GOAL,
      audioMin > 0 ? lost / audioMin : Number.NaN,
      {},
      {
        ...labels,
        answerAudioSec: significant(audioMin * 60),
        packets: rtp.length,
        lost,
      },
    ),
    goalFigure(
      'rtpLateFor100msBufferPerMinute',
      NO_GOAL,
      audioMin > 0 ? late / audioMin : Number.NaN,
      {},
      {
        ...labels,
        late,
      },
    ),
    goalFigure('coldSpeechLostMs', '<=0', coldLostMs, {}, labels),
  ]
}

export async function webrtcOutage(
  demo: DemoProcess,
  proxy: TcpProxy,
  profile: NetworkProfile,
  seed: number,
): Promise<Figure[]> {
  const client = newClient(demo, proxy, profile, seed)
  const { engine, page, rtc, relayed } = client
  const sessions: string[] = []
  const stop = engine.on((e) => {
    if (e.type === 'session') sessions.push(e.sessionId)
  })
  const mic = startMicrophone(engine, () => page.micOn && page.current() !== null)
  let lostMs = Number.NaN
  let twiceMs = Number.NaN
  let recoveryMs = Number.NaN
  let answered = false
  try {
    engine.warm()
    await awaitable(engine, (e) => e.type === 'session')
    const sessionId = sessions[0] as string
    const done = awaitable(engine, (e) => e.type === 'response' && e.phase === 'done')
    const capturedBefore = mic.captured
    rtc.setKeyDown(true)
    engine.press()
    await say(page, OUTAGE_AFTER_MS)
    relayed.outage(OUTAGE_MS, 'blackhole')
    proxy.outage(OUTAGE_MS, 'blackhole')
    await say(page, OUTAGE_MS)
    const endedAt = performance.now()
    const recovered = flowingAgain(demo, () => sessions.at(-1) as string, endedAt + 30_000, RECOVERY_POLL_MS)
    await say(page, SPEECH_AFTER_OUTAGE_MS)
    engine.release()
    rtc.setKeyDown(false)
    const capturedMs = ((mic.captured - capturedBefore) * 1000) / DEVICE_RATE_HZ
    answered = await done.then(
      () => true,
      () => false,
    )
    recoveryMs = (await recovered) - endedAt
    // A session replaced meanwhile got the turn again: what the model heard is the last session's turn.
    const last = sessions.at(-1) ?? sessionId
    const committedMs = ((await committedSamples(demo, last)).at(-1) ?? 0) / 16
    lostMs = Math.max(0, capturedMs - committedMs)
    // More committed than said: some of it went both as events and on the track, or was not cleared.
    twiceMs = Math.max(0, committedMs - capturedMs)
  } finally {
    stop()
    mic.stop()
    await client.close()
  }
  const kept = answered && sessions.every((id) => id === sessions[0])
  const labels = {
    profile: profile.name,
    transport: TRANSPORT,
    protocol: 'model-r',
    outage: 'blackhole',
    outageMs: OUTAGE_MS,
  }
  return [
    goalFigure('outageSpeechLostMs', '<=0', lostMs, {}, { ...labels, heardTwiceMs: significant(twiceMs) }),
    goalFigure(
      'outageRecoveryMs',
      NO_GOAL,
      recoveryMs,
      {},
      {
        ...labels,
        conversationKept: kept,
        sessions: new Set(sessions).size,
        links: relayed.relays.length,
      },
    ),
  ]
}

const awaitable = (engine: SessionEngine, match: (e: EngineEvent) => boolean): Promise<EngineEvent> =>
  awaitableEvent(engine, match, ANSWER_TIMEOUT_MS)

/** Packets missing from an answer: the gaps in its sequence numbers (16 bits, wrapping). */
function sequenceGaps(packets: ReceivedRtp[]): number {
  if (packets.length === 0) return 0
  const seen = new Set<number>()
  const first = (packets[0] as ReceivedRtp).sequenceNumber
  let span = 0
  for (const p of packets) {
    const offset = (p.sequenceNumber - first + 65_536) % 65_536
    // Far behind the first: a packet reordered before it, counted from the other side.
    const signed = offset > 32_768 ? offset - 65_536 : offset
    seen.add(signed)
    span = Math.max(span, signed)
  }
  const low = Math.min(...seen)
  return span - low + 1 - seen.size
}

/** Packets arriving after a fixed buffer of `holdMs` from the answer's first packet would have played them. */
function lateFor(packets: ReceivedRtp[], holdMs: number): number {
  const head = packets[0]
  if (!head) return 0
  return packets.filter((p) => {
    const dueMs =
      head.atMs + holdMs + (((p.timestamp - head.timestamp + 2 ** 32) % 2 ** 32) * 1000) / RTP_RATE_HZ
    return p.atMs > dueMs
  }).length
}
