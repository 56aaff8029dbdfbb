// The WebRTC transport beside the WebSocket one, in the same run, on the demo service in its own process
// with its HTTP answers delayed as over a WAN. The engine is wired as the app wires it (createSessionEngine
// with RtcPeers); a werift peer stands in for the main window's Chromium one. Measured in this run:
//   - key-down on a fresh conversation -> the link open (the engine's `session` event)
//   - key-up after a second of speech -> the answer's first audio at the client: the first RTP packet at
//     the page over WebRTC; the first chunk handed to playback in main over the WebSocket
//   - speech said from a cold key-down that never reached the service
//   - the first press of a conversation, key-up -> the answer's first audio, with a session made ready
//     ahead (main/realtime/link/prepared-session.ts; over WebRTC the page's peer and offer too) beside cold
import { EventHub } from '../../main/ipc/event-hub'
import { createParams } from '../../main/realtime/engine/engine-options'
import { createSessionEngine, type EngineEvent, type EngineOptions } from '../../main/realtime/index'
import { PreparedSession } from '../../main/realtime/link/prepared-session'
import { RtcPeers } from '../../main/realtime/transports/rtc-peers'
import type { SessionEngine } from '../../main/realtime/engine/session-engine'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { weriftPage, type WeriftPage } from '../../test/voice/support/werift-page'
import { startDemoProcess, type DemoProcess } from '../demo-process'
import { goalFigure, percentile, significant } from '../goal'
import {
  DEVICE_RATE_HZ,
  nextEvent,
  receivedSamples,
  sleep,
  startMicrophone,
  tone,
  WAN_LATENCY_MS,
  withLatency,
  type Microphone,
} from '../realtime-rig'
import type { Figure, SuiteReport } from '../types'
import { systemClock } from '../../main/realtime/engine/engine-clock'

const MODEL_R = 'openai/gpt-realtime'
/** Measured conversations per transport, taken in turns so that both see the same machine. */
const RUNS = 5
const SPEECH_MS = 1_000
/** The service's input rate: what the page puts on the track, and what the service counts received. */
const INPUT_RATE_HZ = 16_000
const FRAME_MS = 20
const FRAME_SAMPLES = (INPUT_RATE_HZ * FRAME_MS) / 1000
const ANSWER_TIMEOUT_MS = 20_000
/** How long before the first press a session is made ready (the Voice view shown, then the key). */
const PREPARE_AHEAD_MS = 500

const GOALS = {
  // What loopback keeps of a WAN is the create and SDP round trips (2 x 150 ms here); it leaves out the
  // 4-5 round trips of ICE checks, DTLS and SCTP (600-750 ms at 150 ms). Those plus this machine's own
  // share come to about 1.2 s on a user's network: 1.5 s, and the link is open within the first sentence.
  connectMs: '<=1500',
  // The demo answers at once, so this is the transport's own share: the service holds the commit until the
  // track has been quiet 40 ms (its last packets are in), then the first 20 ms frame leaves on a 10 ms tick.
  // 150 ms leaves a slower machine three times that and stays under a conversational pause.
  releaseToFirstAnswerAudioMs: '<=150',
  // What is said before the link opens goes as audio events, then the track takes over: only the hand-over
  // between the two may lose anything, and less than one 20 ms frame of it.
  speechLostOnColdPressMs: '<=20',
  // With the session made ready ahead, the link opens within the first second of speech, so the first
  // answer comes as fast as the later ones: the later presses' goal, with its margin doubled.
  firstPressReleaseToFirstAnswerAudioMs: '<=300',
} as const

type Metric = keyof typeof GOALS
type Transport = 'webrtc' | 'websocket'
type Run = Record<Exclude<Metric, 'firstPressReleaseToFirstAnswerAudioMs'>, number> & {
  extraReceivedMs: number
  firstPressReleaseToFirstAnswerAudioMs: number
}
/** A session made ready before the first press, or none (cold). */
type Start = 'prepared' | 'cold'

export async function run(): Promise<SuiteReport> {
  const demo = await startDemoProcess()
  try {
    const runs: Record<Transport, Run[]> = { webrtc: [], websocket: [] }
    const prepared: Record<Transport, number[]> = { webrtc: [], websocket: [] }
    const preparedConnect: Record<Transport, number[]> = { webrtc: [], websocket: [] }
    await withLatency(demo, async () => {
      // The first conversation of each loads and compiles what the rest reuse (werift, Opus): not counted.
      for (let i = 0; i <= RUNS; i++) {
        for (const transport of ['webrtc', 'websocket'] as const) {
          const measured = await conversation(demo, transport, 'cold')
          const ready = await conversation(demo, transport, 'prepared')
          if (i === 0) continue
          runs[transport].push(measured)
          prepared[transport].push(ready.firstPressReleaseToFirstAnswerAudioMs)
          preparedConnect[transport].push(ready.connectMs)
        }
      }
    })
    const firstPress = (transport: Transport) => {
      const cold = runs[transport].map((r) => r.firstPressReleaseToFirstAnswerAudioMs)
      return figure(
        'firstPressReleaseToFirstAnswerAudioMs',
        percentile(prepared[transport], 50),
        { cold: percentile(cold, 50) },
        {
          transport,
          p90: significant(percentile(prepared[transport], 90)),
          coldP90: significant(percentile(cold, 90)),
        },
      )
    }
    // Key-down to the link open on the first press: what a short first utterance waits for after key-up.
    const firstConnect = (transport: Transport) =>
      goalFigure(
        'firstPressConnectMs',
        GOALS.connectMs,
        percentile(preparedConnect[transport], 50),
        {
          cold: percentile(
            runs[transport].map((r) => r.connectMs),
            50,
          ),
        },
        { transport, max: significant(Math.max(...preparedConnect[transport])) },
      )
    const compare = (
      metric: Exclude<Metric, 'firstPressReleaseToFirstAnswerAudioMs'>,
      spread: 'p90' | 'max',
      extra: Record<string, unknown> = {},
    ) => {
      const of = (t: Transport) => runs[t].map((r) => r[metric])
      const ours = of('webrtc')
      return figure(
        metric,
        percentile(ours, 50),
        { websocket: percentile(of('websocket'), 50) },
        { [spread]: significant(spread === 'p90' ? percentile(ours, 90) : Math.max(...ours)), ...extra },
      )
    }
    const extraReceivedMs = Math.max(...runs.webrtc.map((r) => r.extraReceivedMs))
    return {
      suite: 'webrtc',
      method: {
        service: `The demo service in its own process (loa demo-server) on loopback, its /v1 HTTP answers (create, SDP, SSE, DELETE) delayed ${WAN_LATENCY_MS} ms; the WebSocket upgrade is not, so the reference connects one round trip short of a WAN. ${MODEL_R}, push-to-talk.`,
        client: `The engine from createSessionEngine; over WebRTC with RtcPeers and a werift peer as the page (test/voice/support/werift-page.ts), whose track carries the microphone while main has it on: key down and the engine's \`track\` event live, as the voice service decides. Microphone: ${DEVICE_RATE_HZ} Hz blocks fed to the engine in real time (and, over WebRTC, the same speech at ${INPUT_RATE_HZ} Hz on the track while it is on).`,
        runs: `${RUNS} fresh conversations per transport, alternating, after one of each not counted. Each: a cold press with ${SPEECH_MS} ms of speech and its answer, then a press on the open link with ${SPEECH_MS} ms of speech and its answer.`,
        connectMs:
          "p50: press() with no session to the engine's `session` event (over WebRTC, the data channel open). Reference: the same over a WebSocket.",
        releaseToFirstAnswerAudioMs:
          'p50 of the press on the open link: release() to the first audio of the answer at the client. WebRTC: the arrival of the first RTP packet at the werift page. Reference: the first chunk the engine hands to the playback sink over a WebSocket.',
        firstPressReleaseToFirstAnswerAudioMs: `p50 of the first press of a conversation, per transport: release() after ${SPEECH_MS} ms of speech to the first audio of the answer at the client (as above), with a session made ready ahead as the voice service does (created, never connected, ${PREPARE_AHEAD_MS} ms before the press; over WebRTC the page's peer and offer made for it). Reference: the same first press cold (no session ready), in the same run: its fresh conversation alternates with the prepared one.`,
        firstPressConnectMs:
          "p50, per transport: press() to the engine's `session` event on the first press with a session made ready ahead (as above): what an utterance shorter than that waits for after key-up. Reference: the same cold, in the same run (the connectMs runs).",
        speechLostOnColdPressMs: `p50 of the cold press: the ${SPEECH_MS} ms said from press() minus the audio the service received (its debug accessor), never below 0 (the page sends whole 20 ms frames, so good to ±10 ms); maxExtraReceivedMs: the most it received beyond what was said (audio sent twice would show here). Reference: the same over a WebSocket, which holds what is said until the link opens.`,
      },
      results: [
        compare('connectMs', 'max'),
        compare('releaseToFirstAnswerAudioMs', 'p90'),
        compare('speechLostOnColdPressMs', 'max', { maxExtraReceivedMs: significant(extraReceivedMs) }),
        firstPress('webrtc'),
        firstPress('websocket'),
        firstConnect('webrtc'),
        firstConnect('websocket'),
      ],
    }
  } finally {
    demo.stop()
  }
}

/** One conversation: a cold press and its answer, then a press on the open link and its answer. */
async function conversation(demo: DemoProcess, transport: Transport, start: Start): Promise<Run> {
  // As the voice service does: over WebRTC the page makes its peer and offer for the session made ready.
  const keeperFor = (rtc: RtcPeers | null): PreparedSession | null =>
    start === 'cold'
      ? null
      : new PreparedSession({
          api: new SessionsApi(endpoint(demo)),
          clock: systemClock,
          params: createParams(engineOptions(transport)),
          ready: (s) => {
            if (rtc && s.connection?.kind === 'webrtc') rtc.prepare(s.connection.dataChannel)
          },
        })
  const client =
    transport === 'webrtc' ? webrtcClient(demo, keeperFor) : webSocketClient(demo, keeperFor(null))
  const keeper = client.prepared
  const mic = startMicrophone(client.engine)
  try {
    if (keeper) {
      keeper.start()
      while (keeper.session === null) await sleep(5)
      // The user presses a moment after the view showed: the page's offer is made by then.
      await sleep(PREPARE_AHEAD_MS)
    }
    const pressedAt = performance.now()
    const opened = nextEvent(client.engine, (e) => e.type === 'session').then((e) => ({
      sessionId: (e as Extract<EngineEvent, { type: 'session' }>).sessionId,
      atMs: performance.now(),
    }))
    const cold = await turn(client, mic)
    const { sessionId, atMs } = await opened
    const receivedMs = ((await receivedSamples(demo, sessionId)) * 1000) / INPUT_RATE_HZ
    const coldAudioAtMs = await client.firstAudioAfter(cold.releasedAtMs)
    await cold.answered
    const warm = await turn(client, mic)
    const firstAudioAtMs = await client.firstAudioAfter(warm.releasedAtMs)
    await warm.answered
    return {
      connectMs: atMs - pressedAt,
      releaseToFirstAnswerAudioMs: firstAudioAtMs - warm.releasedAtMs,
      speechLostOnColdPressMs: Math.max(0, cold.saidMs - receivedMs),
      extraReceivedMs: Math.max(0, receivedMs - cold.saidMs),
      firstPressReleaseToFirstAnswerAudioMs: coldAudioAtMs - cold.releasedAtMs,
    }
  } finally {
    await keeper?.stop()
    mic.stop()
    await client.close()
  }
}

interface Turn {
  saidMs: number
  releasedAtMs: number
  answered: Promise<unknown>
}

/** Key down, SPEECH_MS of speech, key up; resolves once the service has started to answer. */
async function turn(client: Client, mic: Microphone): Promise<Turn> {
  const response = (phase: 'started' | 'done') =>
    nextEvent(client.engine, (e) => e.type === 'response' && e.phase === phase, ANSWER_TIMEOUT_MS)
  const started = response('started')
  const answered = response('done')
  const capturedBefore = mic.captured
  client.press()
  await client.say(SPEECH_MS)
  const saidMs = ((mic.captured - capturedBefore) * 1000) / DEVICE_RATE_HZ
  const releasedAtMs = performance.now()
  client.release()
  await started
  return { saidMs, releasedAtMs, answered }
}

/** The app around one engine: the key, the user's speech, where the answer's audio shows up. */
interface Client {
  engine: SessionEngine
  /** The session made ready before the first press, or null for a cold start. */
  prepared: PreparedSession | null
  press(): void
  release(): void
  /** The user talks for `ms` from now; the microphone already feeds the engine. */
  say(ms: number): Promise<void>
  /** Resolves with when the first answer audio at or after `ms` reached the client. */
  firstAudioAfter(ms: number): Promise<number>
  close(): Promise<void>
}

const engineOptions = (transport: Transport): EngineOptions => ({
  model: MODEL_R,
  transport,
  instructions: 'Answer in English.',
  outputRateHz: 48_000,
  costTickMs: 0,
})

const endpoint = (demo: DemoProcess) => ({ baseUrl: demo.baseUrl, key: demo.key })

function webSocketClient(demo: DemoProcess, prepared: PreparedSession | null): Client {
  const written: number[] = []
  const engine = createSessionEngine(endpoint(demo), engineOptions('websocket'), {
    playback: { write: () => void written.push(performance.now()), stop: () => {} },
    ...(prepared ? { prepared } : {}),
  })
  return {
    engine,
    prepared,
    press: () => engine.press(),
    release: () => engine.release(),
    say: sleep,
    firstAudioAfter: (ms) => firstAfter(() => written, ms),
    close: async () => void (await engine.end()),
  }
}

function webrtcClient(demo: DemoProcess, keeperFor: (rtc: RtcPeers) => PreparedSession | null): Client {
  const events = new EventHub()
  const rtc = new RtcPeers({ available: true, command: (c) => events.emit('voice:rtc', c) })
  const page: WeriftPage = weriftPage(events, rtc)
  const prepared = keeperFor(rtc)
  const engine = createSessionEngine(endpoint(demo), engineOptions('webrtc'), {
    rtc,
    ...(prepared ? { prepared } : {}),
  })
  // As the voice service wires it: the key and the engine's `track` event decide the microphone.
  engine.on((e) => {
    if (e.type === 'track') rtc.setTrackLive(e.live)
  })
  return {
    engine,
    prepared,
    press: () => {
      rtc.setKeyDown(true)
      engine.press()
    },
    release: () => {
      engine.release()
      rtc.setKeyDown(false)
    },
    say: (ms) => sayOnTrack(page, ms),
    firstAudioAfter: (ms) => firstAfter(() => page.current()?.rtp.map((p) => p.atMs) ?? [], ms),
    close: async () => {
      await engine.end()
      await page.close()
    },
  }
}

/** What is said from now for `ms` goes on the track from when main's link is open with the microphone on. */
export async function sayOnTrack(page: WeriftPage, ms: number): Promise<void> {
  const endsAt = performance.now() + ms
  while (!(page.current() !== null && page.micOn) && performance.now() < endsAt) await sleep(2)
  const left = endsAt - performance.now()
  if (left < FRAME_MS / 2) return
  // Whole frames, as a page sends: padding a last partial frame would count as speech received.
  const samples = Math.round(left / FRAME_MS) * FRAME_SAMPLES
  await page.speak(Int16Array.from(tone(samples, INPUT_RATE_HZ), (s) => Math.round(s * 32_767)))
}

/** The first of the arrival times at or after `ms`, waited for; they are stamped on arrival, not here. */
async function firstAfter(arrivals: () => number[], ms: number): Promise<number> {
  const deadline = performance.now() + ANSWER_TIMEOUT_MS
  for (;;) {
    const found = arrivals().find((t) => t >= ms)
    if (found !== undefined) return found
    if (performance.now() > deadline) throw new Error('no answer audio reached the client')
    await sleep(5)
  }
}

function figure(
  metric: Metric,
  ours: number,
  reference: Record<string, number>,
  labels: Record<string, unknown> = {},
): Figure {
  return goalFigure(metric, GOALS[metric], ours, reference, labels)
}
