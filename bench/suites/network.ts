// Voice over networks made worse on purpose: the demo service in its own process behind the user-space
// rig (bench/netem), one profile at a time, the engine talking to it over the WebSocket transport exactly
// as the app does. Measured in this run, per profile:
//   - key-up -> the answer's first audio heard, less the profile's round trip
//   - playback underruns per minute of answer audio, and the hold the page's player added to hide jitter:
//     the arrivals of every answer chunk recorded in main, played through the page's real player logic
//   - speech lost on a cold press, and during a 5 s outage in the middle of a turn (both kinds: packets
//     vanishing, connections reset), the time from the outage's end until the service hears audio again,
//     and whether the conversation was kept
// Every playout figure is beside the same arrivals played through a fixed 100 ms buffer.
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import type { EngineEvent } from '../../main/realtime/engine/engine-events'
import { SessionEngine } from '../../main/realtime/engine/session-engine'
import { webSocketConnector } from '../../main/realtime/transports/ws-transport'
import { PlaybackBuffer } from '../../renderer/audio/playback-buffer'
import { simulatePlayout, type Arrival } from '../netem/playout-sim'
import { PROFILES, chosenProfiles, type NetworkProfile } from '../netem/profiles'
import { startTcpProxy, type TcpProxy } from '../netem/tcp-proxy'
import { arrivalLog, connectThrough, type ArrivalLog } from '../netem/through-rig'
import { startDemoProcess, type DemoProcess } from '../demo-process'
import { goalFigure, percentile, significant } from '../goal'
import {
  DEVICE_RATE_HZ,
  awaitable,
  committedSamples,
  flowingAgain,
  receivedSamples,
  sleep,
  startMicrophone,
} from '../realtime-rig'
import { WEBRTC_METHOD, webrtcConversation, webrtcOutage } from './network-webrtc'
import { READER_METHOD, readerThroughRig } from './network-reader'
import { PLAYBACK_METHOD, PLAYBACK_METRICS, requireChromium, rtcPlayback } from '../rtc-playback/measure'

/**
 * The parts a run measures: all, or those named in LOA_BENCH_NETWORK_PARTS
 * (websocket,webrtc,webrtc-playback,reader).
 */
function parts(list = process.env['LOA_BENCH_NETWORK_PARTS']): Set<string> {
  const named = (list ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  return new Set(named.length > 0 ? named : ['websocket', 'webrtc', 'webrtc-playback', 'reader'])
}

/** The WebRTC playback part plays the answer in Chromium: without one, say how to get it or skip the part. */
export function prepare(): void {
  if (!parts().has('webrtc-playback')) return
  try {
    requireChromium()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${reason}; or leave the part out: LOA_BENCH_NETWORK_PARTS=websocket,webrtc,reader`)
  }
}
import type { Figure, SuiteReport } from '../types'

const MODEL_R = 'openai/gpt-realtime'
const MODEL_LIVE = 'google/gemini-live-2.5-flash'
/**
 * The outages measured per profile. A reset is measured on both protocols: Model-R's press is given again
 * after a clear, Live-type has no clear (realtime-protocols.md §4), so what was in flight is not resent.
 */
const OUTAGES = [
  { kind: 'blackhole', model: MODEL_R, protocol: 'model-r' },
  { kind: 'reset', model: MODEL_R, protocol: 'model-r' },
  { kind: 'reset', model: MODEL_LIVE, protocol: 'live' },
] as const
type OutageRun = (typeof OUTAGES)[number]
const OUTPUT_RATE_HZ = 48_000
const TURNS = 4
const SPEECH_MS = 1_500
const OUTAGE_MS = 5_000
const OUTAGE_AFTER_MS = 1_500
/** Speech after the outage's end, before key-up. */
const SPEECH_AFTER_OUTAGE_MS = 2_500
const RECOVERY_POLL_MS = 20
const ANSWER_TIMEOUT_MS = 45_000
const REFERENCE_HOLD_MS = 100
/** Past an answer's end before the next press: the longest hold the player may add, and some. */
const LISTEN_AFTER_MS = 600

/** The goals: `good` adds at most a frame, `4g` (and `wifi`) about 120 ms with no underruns. */
const ADDED_GOAL: Record<string, string> = { good: '<=20', wifi: '<=120', '4g': '<=120' }
const UNDERRUN_GOAL: Record<string, string> = { good: '<=0', wifi: '<=0', '4g': '<=0' }
/** Past the player's ceiling a profile has no goal of its own: the figure is reported as measured. */
const NO_GOAL = '>=0'

type Demo = DemoProcess
const TRANSPORT = 'websocket'

export async function run(): Promise<SuiteReport> {
  const demo = await startDemoProcess()
  const demoPort = Number(new URL(demo.baseUrl).port)
  const results: Figure[] = []
  const profiles = chosenProfiles(process.env['LOA_BENCH_PROFILES'])
  const measured = parts()
  try {
    for (const profile of profiles) {
      // By the profile's place in the full list: a narrowed run loses the same segments as a full one.
      const seed = PROFILES.indexOf(profile) + 1
      console.error(`bench: network ${profile.name}`)
      const proxy = await startTcpProxy({ targetPort: demoPort, profile, seed })
      try {
        const ws = { profile: profile.name, transport: TRANSPORT }
        if (measured.has('websocket')) {
          results.push(...(await orFailed(conversation(demo, proxy, profile), CONVERSATION_METRICS, ws)))
          for (const outage of OUTAGES) {
            const labels = { ...ws, outage: outage.kind, protocol: outage.protocol }
            results.push(
              ...(await orFailed(outageTurn(demo, proxy, profile, outage), OUTAGE_METRICS, labels)),
            )
          }
        }
        const rtc = { profile: profile.name, transport: 'webrtc' }
        if (measured.has('reader'))
          results.push(
            ...(await orFailed(readerThroughRig(demo, proxy, profile, seed), READER_METRICS, {
              profile: profile.name,
              transport: 'http',
            })),
          )
        if (measured.has('webrtc'))
          results.push(
            ...(await orFailed(webrtcConversation(demo, proxy, profile, seed), WEBRTC_METRICS, rtc)),
            ...(await orFailed(webrtcOutage(demo, proxy, profile, seed), OUTAGE_METRICS, {
              ...rtc,
              outage: 'blackhole',
              protocol: 'model-r',
            })),
          )
        if (measured.has('webrtc-playback'))
          results.push(...(await orFailed(rtcPlayback(demo, proxy, profile, seed), PLAYBACK_METRICS, rtc)))
      } finally {
        await proxy.close()
      }
    }
  } finally {
    demo.stop()
  }
  return {
    suite: 'network',
    method: {
      rig: `bench/netem: a TCP proxy on loopback in front of the demo service (HTTP and WebSocket), each direction delayed by half the round trip ± the jitter (uniform), cut into 1,448-byte segments, a lost segment held for a retransmission timeout (max(200, RTT + 4 × jitter) ms) with everything behind it, the bandwidth cap serialising segments. Profiles: ${profiles.map(describe).join('; ')} (LOA_BENCH_PROFILES=4g,wifi measures only those). Seeded: the same segments are lost in every run.`,
      transport: `Both transports, one after the other per profile, labelled transport: ${TRANSPORT} and webrtc.`,
      ...WEBRTC_METHOD,
      ...PLAYBACK_METHOD,
      ...READER_METHOD,
      parts:
        'LOA_BENCH_NETWORK_PARTS=websocket,webrtc,webrtc-playback,reader measures only the parts named (default all; webrtc-playback needs Chromium).',
      conversation: `Model ${MODEL_R}, a new conversation: ${TURNS} turns of ${SPEECH_MS} ms speech (microphone in real time), the first from a cold press, each answered in full and listened to the end (${LISTEN_AFTER_MS} ms past the answer's length after its first chunk) before the next press.`,
      keyUpToAnswerAudioMs: `p50 over the turns: key-up to the answer's first chunk in main, plus the hold the page's player put before its first sample (simulated on the recorded arrivals), less the profile's round trip. The service's own synthesis time is in it. Reference: the same arrivals through a fixed ${REFERENCE_HOLD_MS} ms buffer.`,
      playout: `Every answer chunk's arrival in main (performance.now) played through renderer/audio/playback-buffer.ts on a simulated 48 kHz audio clock in 128-sample quanta: underruns reported by the player per minute of answer audio; added: p50 of the time from an answer's first chunk to its first sample heard. Ours: the adaptive hold; reference: fixed ${REFERENCE_HOLD_MS} ms (prefill and wait).`,
      coldSpeechLostMs:
        'Audio captured from the cold press to key-up less the audio the service received (its debug accessor, read directly, not through the rig). Reference: create + connect, what a client that streams only once connected loses.',
      outage: `A warm session; ${OUTAGE_AFTER_MS} ms into a press the rig goes dark for ${OUTAGE_MS} ms (blackhole: packets vanish, TCP retransmits afterwards with its timeout doubling; reset: connections reset and refused), speech goes on ${SPEECH_AFTER_OUTAGE_MS} ms past its end, then key-up and the answer; Model-R (blackhole, reset) and Live-type (reset). Lost: captured less the length of the turn the service committed (audio sent twice after a reset is received twice but heard once, so received is not the measure). Recovery: outage end until the service's received count grows again (polled every ${RECOVERY_POLL_MS} ms). Kept: one session id throughout and the answer arrived. Reference for lost: the audio captured from the outage's start to the recovery, what a client that does not hold audio while the link is down would lose.`,
      load: 'Run on a 2-core machine shared with other developers running tests: timings are noisy.',
    },
    results,
  }
}

const CONVERSATION_METRICS = [
  'keyUpToAnswerAudioBeyondRttMs',
  'underrunsPerMinute',
  'playoutAddedMs',
  'coldSpeechLostMs',
]
const OUTAGE_METRICS = ['outageSpeechLostMs', 'outageRecoveryMs']
const READER_METRICS = ['managementMeMs', 'readingFirstAudioMs', 'readingRetries', 'readingExtraCharges']
const WEBRTC_METRICS = [
  'keyUpToAnswerAudioBeyondRttMs',
  'rtpLostPerMinute',
  'rtpLateFor100msBufferPerMinute',
  'coldSpeechLostMs',
]

/** A measurement that broke off still has its rows in the table: unmeasured, not met, with the reason. */
async function orFailed(
  work: Promise<Figure[]>,
  metrics: string[],
  labels: Record<string, unknown>,
): Promise<Figure[]> {
  try {
    return await work
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    console.error(`bench: network ${Object.values(labels).join(' ')}: ${reason}`)
    return metrics.map((metric) => goalFigure(metric, '>=0', Number.NaN, {}, { ...labels, error: reason }))
  }
}

function describe(p: NetworkProfile): string {
  const parts = [`${p.name} ${p.rttMs} ms RTT ±${p.jitterMs} ms`]
  if (p.loss > 0) parts.push(`${p.loss * 100} % loss`)
  if (p.bitsPerSec !== null) parts.push(`${p.bitsPerSec / 1000} kbit/s`)
  return parts.join(', ')
}

async function conversation(demo: Demo, proxy: TcpProxy, profile: NetworkProfile): Promise<Figure[]> {
  const log = arrivalLog()
  const engine = newEngine(demo, proxy, log)
  const mic = startMicrophone(engine)
  const releases: number[] = []
  let cold: { lostMs: number; createMs: number; connectMs: number } | null = null
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      const session = turn === 0 ? awaitable(engine, (e) => e.type === 'session', ANSWER_TIMEOUT_MS) : null
      const done = awaitable(engine, (e) => e.type === 'response' && e.phase === 'done', ANSWER_TIMEOUT_MS)
      const capturedBefore = mic.captured
      engine.press()
      await sleep(SPEECH_MS)
      releases.push(performance.now())
      engine.release()
      const capturedMs = ((mic.captured - capturedBefore) * 1000) / DEVICE_RATE_HZ
      await done
      await answerPlayed(log, releases.at(-1) as number)
      if (session) {
        const opened = (await session) as Extract<EngineEvent, { type: 'session' }>
        const receivedMs = (await receivedSamples(demo, opened.sessionId)) / 16
        cold = {
          lostMs: Math.max(0, capturedMs - receivedMs),
          createMs: opened.createMs ?? 0,
          connectMs: opened.connectMs,
        }
      }
    }
  } finally {
    mic.stop()
    await engine.end()
  }
  const ours = playout(log.arrivals, adaptive())
  const reference = playout(log.arrivals, fixedHold())
  const firstChunkMs = releases.map((at) => log.firstAfter(at) - at)
  const heardMs = (delays: number[]) =>
    percentile(
      firstChunkMs.map((ms, i) => ms + (delays[i] ?? Number.NaN) - profile.rttMs),
      50,
    )
  const labels = { profile: profile.name, transport: TRANSPORT }
  const coldLost = cold ?? { lostMs: Number.NaN, createMs: Number.NaN, connectMs: Number.NaN }
  return [
    goalFigure(
      'keyUpToAnswerAudioBeyondRttMs',
      NO_GOAL,
      heardMs(ours.startDelaysMs),
      { fixed100msBuffer: heardMs(reference.startDelaysMs) },
      { ...labels, firstChunkInMainMs: significant(percentile(firstChunkMs, 50)), rttMs: profile.rttMs },
    ),
    goalFigure(
      'underrunsPerMinute',
      UNDERRUN_GOAL[profile.name] ?? NO_GOAL,
      ours.underrunsPerMin,
      { fixed100msBuffer: reference.underrunsPerMin },
      { ...labels, answerAudioSec: significant(ours.audioMs / 1000), underruns: ours.underruns },
    ),
    goalFigure(
      'playoutAddedMs',
      ADDED_GOAL[profile.name] ?? NO_GOAL,
      ours.addedMs,
      { fixed100msBuffer: reference.addedMs },
      { ...labels, maxMs: significant(ours.maxAddedMs) },
    ),
    goalFigure(
      'coldSpeechLostMs',
      '<=0',
      coldLost.lostMs,
      { streamOnlyWhenConnected: coldLost.createMs + coldLost.connectMs },
      { ...labels, createMs: coldLost.createMs, connectMs: coldLost.connectMs },
    ),
  ]
}

async function outageTurn(
  demo: Demo,
  proxy: TcpProxy,
  profile: NetworkProfile,
  { kind, model, protocol }: OutageRun,
): Promise<Figure[]> {
  const log = arrivalLog()
  const engine = newEngine(demo, proxy, log, model)
  const sessions: string[] = []
  const stop = engine.on((e) => {
    if (e.type === 'session') sessions.push(e.sessionId)
  })
  const mic = startMicrophone(engine)
  let answered = false
  let lostMs = Number.NaN
  let recoveryMs = Number.NaN
  let withoutHoldingMs = Number.NaN
  try {
    engine.warm()
    await awaitable(engine, (e) => e.type === 'session', ANSWER_TIMEOUT_MS)
    const sessionId = sessions[0] as string
    const done = awaitable(engine, (e) => e.type === 'response' && e.phase === 'done', ANSWER_TIMEOUT_MS)
    const capturedBefore = mic.captured
    engine.press()
    await sleep(OUTAGE_AFTER_MS)
    const outageAt = performance.now()
    proxy.outage(OUTAGE_MS, kind)
    await sleep(OUTAGE_MS)
    const endedAt = performance.now()
    const recovered = flowingAgain(
      demo,
      () => sessionId,
      endedAt + SPEECH_AFTER_OUTAGE_MS + 30_000,
      RECOVERY_POLL_MS,
    )
    await sleep(SPEECH_AFTER_OUTAGE_MS)
    engine.release()
    const capturedMs = ((mic.captured - capturedBefore) * 1000) / DEVICE_RATE_HZ
    answered = await done.then(
      () => true,
      () => false,
    )
    const recoveredAt = await recovered
    recoveryMs = recoveredAt - endedAt
    withoutHoldingMs = recoveredAt - outageAt
    // The press is the session's only turn: what the model hears of it is what it committed.
    const turnSamples = (await committedSamples(demo, sessionId)).at(-1) ?? 0
    lostMs = Math.max(0, capturedMs - turnSamples / 16)
  } finally {
    stop()
    mic.stop()
    await engine.end()
  }
  const kept = answered && sessions.length > 0 && sessions.every((id) => id === sessions[0])
  const labels = { profile: profile.name, transport: TRANSPORT, protocol, outage: kind, outageMs: OUTAGE_MS }
  return [
    goalFigure('outageSpeechLostMs', '<=0', lostMs, { lostWithoutHolding: withoutHoldingMs }, labels),
    goalFigure(
      'outageRecoveryMs',
      NO_GOAL,
      recoveryMs,
      {},
      {
        ...labels,
        conversationKept: kept,
        sockets: sessions.length,
      },
    ),
  ]
}

/**
 * Waits until the answer since `releasedAt` has played out (its first chunk's arrival plus its length, and
 * a little): the user listens to the end, so the next answer does not queue behind this one.
 */
async function answerPlayed(log: ArrivalLog, releasedAt: number): Promise<void> {
  const answer = log.arrivals.filter((a) => a.atMs >= releasedAt)
  const first = answer[0]?.atMs ?? performance.now()
  const audioMs = (answer.reduce((n, a) => n + a.samples, 0) * 1000) / OUTPUT_RATE_HZ
  await sleep(first + audioMs + LISTEN_AFTER_MS - performance.now())
}

interface Playout {
  underruns: number
  underrunsPerMin: number
  audioMs: number
  addedMs: number
  maxAddedMs: number
  startDelaysMs: number[]
}

function playout(arrivals: Arrival[], buffer: PlaybackBuffer): Playout {
  const r = simulatePlayout(arrivals, buffer)
  return {
    ...r,
    underrunsPerMin: r.audioMs > 0 ? r.underruns / (r.audioMs / 60_000) : Number.NaN,
    addedMs: percentile(r.startDelaysMs, 50),
    maxAddedMs: Math.max(...r.startDelaysMs),
  }
}

const adaptive = () => new PlaybackBuffer({ rateHz: OUTPUT_RATE_HZ, adaptive: true })
const fixedHold = () =>
  new PlaybackBuffer({
    rateHz: OUTPUT_RATE_HZ,
    prefillMs: REFERENCE_HOLD_MS,
    prefillWaitMs: REFERENCE_HOLD_MS,
  })

function newEngine(demo: Demo, proxy: TcpProxy, log: ArrivalLog, model = MODEL_R): SessionEngine {
  return new SessionEngine(
    {
      api: new SessionsApi({ baseUrl: proxy.baseUrl, key: demo.key }),
      connect: connectThrough(webSocketConnector(), proxy.port),
      playback: log,
    },
    { model, instructions: 'Answer in English.', outputRateHz: OUTPUT_RATE_HZ, costTickMs: 0 },
  )
}
