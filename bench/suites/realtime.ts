// The realtime session engine against the demo service, run as a separate process so that this process
// holds the engine alone (its CPU time and heap are the figures). Measured in this run:
//   - key-down -> first audio frame on the socket, warm session; reference: the session created on key-down
//   - cold key-down: speech lost (0 with pre-roll), create and connect times; reference: a client that
//     streams only once the socket is open loses what was said meanwhile
//   - release -> end-of-turn message on the socket
//   - server audio frame -> handed to playback in main; reference: JSON.parse + base64 decode of the frame
//   - CPU per minute of conversation and heap growth over a 60-minute session on a time-scaled service
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { scaledClock, type EngineClock } from '../../main/realtime/engine/engine-clock'
import type { EngineEvent } from '../../main/realtime/engine/engine-events'
import { SessionEngine, type EngineOptions } from '../../main/realtime/engine/session-engine'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import type { TransportConnector } from '../../main/realtime/transports/transport'
import { webSocketConnector } from '../../main/realtime/transports/ws-transport'
import { startDemoProcess, type DemoProcess } from '../demo-process'
import { goalFigure, percentile, significant } from '../goal'
import {
  BLOCK_SAMPLES,
  DEVICE_RATE_HZ,
  nextEvent,
  receivedSamples,
  sleep,
  startMicrophone,
  tone,
  WAN_LATENCY_MS,
  withLatency,
} from '../realtime-rig'
import type { Figure, SuiteReport } from '../types'

const MODEL_R = 'openai/gpt-realtime'
const MODEL_L = 'google/gemini-live-2.5-flash'
const WARM_PRESSES = 20
const COLD_PRESSES = 5
const RELEASES = 10
const LONG_SESSION_MIN = 60
const LONG_TIME_SCALE = 150
const TURN_SPEECH_SEC = 10
const TURN_EVERY_SEC = 30

const GOALS = {
  warmKeyDownMs: '<=25',
  coldSpeechLostMs: '<=0',
  releaseToEndOfTurnMs: '<=25',
  frameToPlaybackMs: '<=10',
  cpuPercentOfCore: '<=1',
  heapGrowthMb: '<5',
} as const

type Demo = DemoProcess

export async function run(): Promise<SuiteReport> {
  const [live, scaled] = await Promise.all([startDemo(1), startDemo(LONG_TIME_SCALE)])
  try {
    const results: Figure[] = []
    for (const model of [MODEL_R, MODEL_L]) results.push(await warmKeyDown(live, model))
    results.push(await withLatency(live, () => coldKeyDown(live)))
    for (const model of [MODEL_R, MODEL_L]) results.push(await releaseToEndOfTurn(live, model))
    results.push(await frameToPlayback(live))
    results.push(...(await longSession(scaled)))
    return {
      suite: 'realtime',
      method: {
        service:
          'The demo service in its own process (loa demo-server) on loopback; this process runs the engine only.',
        capture: `Microphone simulated as ${BLOCK_SAMPLES}-sample blocks at ${DEVICE_RATE_HZ} Hz fed in real time; playback at 48 kHz.`,
        warmKeyDownMs: `p50 of ${WARM_PRESSES} presses on a connected session: press() to the first audio frame written to the socket (includes the 20 ms the first frame takes to fill). Reference: no session at key-down, HTTP answers delayed ${WAN_LATENCY_MS} ms.`,
        coldSpeechLostMs: `Max over ${COLD_PRESSES} presses with no session, HTTP answers delayed ${WAN_LATENCY_MS} ms: audio captured from press() minus audio the service received (its debug accessor). Reference: the speech a client that streams only once connected loses (create + connect).`,
        releaseToEndOfTurnMs: `p50 of ${RELEASES} releases after 300 ms of speech: release() to the end-of-turn frame written to the socket.`,
        frameToPlaybackMs:
          'p99 over every answer frame of 3 turns: socket message event to the Float32 chunk handed to the playback sink.',
        longSession: `${LONG_SESSION_MIN} service minutes on a service at time scale ${LONG_TIME_SCALE} (engine clock scaled alike), a turn of ${TURN_SPEECH_SEC} s speech every ${TURN_EVERY_SEC} s with the answer; CPU from process.cpuUsage(), heap after forced GC from minute 5 to the end.`,
      },
      results,
    }
  } finally {
    live.stop()
    scaled.stop()
  }
}

async function warmKeyDown(demo: Demo, model: string): Promise<Figure> {
  const probe = probeConnector()
  const engine = newEngine(demo, model, probe.connector)
  const mic = startMicrophone(engine)
  engine.warm()
  await nextEvent(engine, (e) => e.type === 'session')
  const ours: number[] = []
  for (let i = 0; i < WARM_PRESSES; i++) {
    const t0 = performance.now()
    const first = probe.nextSend(isAudio)
    engine.press()
    ours.push((await first) - t0)
    await sleep(60)
    engine.release()
    await sleep(60 + (i % 7) * 3)
  }
  mic.stop()
  await engine.end()
  const reference = await withLatency(demo, () => coldFirstFrameMs(demo, model))
  return figure(
    'warmKeyDownMs',
    percentile(ours, 50),
    { sessionCreatedOnKeyDown: reference },
    { model, p99: percentile(ours, 99) },
  )
}

/** The reference: no warm session, so the first frame waits for create and connect. */
async function coldFirstFrameMs(demo: Demo, model: string): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 3; i++) {
    const probe = probeConnector()
    const engine = newEngine(demo, model, probe.connector)
    const mic = startMicrophone(engine)
    const t0 = performance.now()
    const first = probe.nextSend(isAudio)
    engine.press()
    times.push((await first) - t0)
    engine.release()
    mic.stop()
    await engine.end()
  }
  return percentile(times, 50)
}

async function coldKeyDown(demo: Demo): Promise<Figure> {
  const lost: number[] = []
  const naiveLost: number[] = []
  const create: number[] = []
  const connect: number[] = []
  for (let i = 0; i < COLD_PRESSES; i++) {
    const engine = newEngine(demo, MODEL_R, webSocketConnector())
    const mic = startMicrophone(engine)
    const session = nextEvent(engine, (e) => e.type === 'session')
    const sent = nextEvent(engine, (e) => e.type === 'turn' && e.phase === 'sent')
    const capturedBefore = mic.captured
    engine.press()
    await sleep(800)
    engine.release()
    const capturedMs = ((mic.captured - capturedBefore) * 1000) / DEVICE_RATE_HZ
    mic.stop()
    const opened = (await session) as Extract<EngineEvent, { type: 'session' }>
    await sent
    const receivedMs = (await receivedSamples(demo, opened.sessionId)) / 16
    lost.push(Math.max(0, capturedMs - receivedMs))
    create.push(opened.createMs ?? 0)
    connect.push(opened.connectMs)
    naiveLost.push((opened.createMs ?? 0) + opened.connectMs)
    await engine.end()
  }
  return figure(
    'coldSpeechLostMs',
    Math.max(...lost),
    { streamOnlyWhenConnected: percentile(naiveLost, 50) },
    { createMs: percentile(create, 50), connectMs: percentile(connect, 50) },
  )
}

async function releaseToEndOfTurn(demo: Demo, model: string): Promise<Figure> {
  const probe = probeConnector()
  const engine = newEngine(demo, model, probe.connector)
  const mic = startMicrophone(engine)
  engine.warm()
  await nextEvent(engine, (e) => e.type === 'session')
  const ours: number[] = []
  const endOfTurn = (f: string): boolean =>
    f.includes('input_audio_buffer.commit') || f.includes('activityEnd')
  for (let i = 0; i < RELEASES; i++) {
    engine.press()
    await sleep(300)
    const sentAt = probe.nextSend(endOfTurn)
    const t0 = performance.now()
    engine.release()
    ours.push((await sentAt) - t0)
    await sleep(150)
  }
  mic.stop()
  await engine.end()
  return figure('releaseToEndOfTurnMs', percentile(ours, 50), {}, { model, p99: percentile(ours, 99) })
}

async function frameToPlayback(demo: Demo): Promise<Figure> {
  const probe = probeConnector()
  const delays: number[] = []
  const audioFrames: string[] = []
  const engine = newEngine(demo, MODEL_R, probe.connector, {
    write: () => {
      if (probe.frameStartedAt !== null) delays.push(performance.now() - probe.frameStartedAt)
    },
  })
  probe.onFrame = (text) => {
    if (audioFrames.length < 200 && text.includes('output_audio.delta')) audioFrames.push(text)
  }
  const mic = startMicrophone(engine)
  for (let turn = 0; turn < 3; turn++) {
    engine.press()
    await sleep(400)
    const done = nextEvent(engine, (e) => e.type === 'response' && e.phase === 'done')
    engine.release()
    await done
  }
  mic.stop()
  await engine.end()
  return figure(
    'frameToPlaybackMs',
    percentile(delays, 99),
    { jsonParseAndBase64DecodeOnly: decodeOnlyP99(audioFrames) },
    { p50: percentile(delays, 50), frames: delays.length },
  )
}

function decodeOnlyP99(frames: string[]): number {
  const times: number[] = []
  for (const text of frames) {
    const t0 = performance.now()
    const m = JSON.parse(text) as { delta: string }
    Buffer.from(m.delta, 'base64')
    times.push(performance.now() - t0)
  }
  return percentile(times, 99)
}

async function longSession(demo: Demo): Promise<Figure[]> {
  const gc = exposeGc()
  const clock = scaledClock(LONG_TIME_SCALE)
  const engine = newEngine(demo, MODEL_L, webSocketConnector(), undefined, clock, { maxDurationSec: 4_000 })
  const speech = tone(TURN_SPEECH_SEC * DEVICE_RATE_HZ)
  engine.warm()
  await nextEvent(engine, (e) => e.type === 'session')
  let heapAtStart = 0
  let cpuAtStart = process.cpuUsage()
  let serviceAtStart = clock.now()
  const startedAt = clock.now()
  for (let turn = 0; turn < (LONG_SESSION_MIN * 60) / TURN_EVERY_SEC; turn++) {
    if (turn === (5 * 60) / TURN_EVERY_SEC) {
      gc()
      heapAtStart = process.memoryUsage().heapUsed
      cpuAtStart = process.cpuUsage()
      serviceAtStart = clock.now()
    }
    const due = startedAt + turn * TURN_EVERY_SEC * 1000
    await sleepOn(clock, due - clock.now())
    const done = nextEvent(engine, (e) => e.type === 'response' && e.phase === 'done', 30_000)
    engine.press()
    await feedScaled(engine, speech, clock)
    engine.release()
    await done
  }
  const cpu = process.cpuUsage(cpuAtStart)
  const minutes = (clock.now() - serviceAtStart) / 60_000
  gc()
  const growthMb = (process.memoryUsage().heapUsed - heapAtStart) / 1_048_576
  const summary = await engine.end()
  const cpuPercent = ((cpu.user + cpu.system) / 1_000 / (minutes * 60_000)) * 100
  const labels = {
    serviceMinutes: significant(minutes),
    turns: summary.turns,
    sessions: summary.sessions.length,
  }
  return [figure('cpuPercentOfCore', cpuPercent, {}, labels), figure('heapGrowthMb', growthMb, {}, labels)]
}

function newEngine(
  demo: Demo,
  model: string,
  connect: TransportConnector,
  playback: { write: () => void } = { write: () => {} },
  clock?: EngineClock,
  extra: Partial<EngineOptions> = {},
): SessionEngine {
  return new SessionEngine(
    {
      api: new SessionsApi({ baseUrl: demo.baseUrl, key: demo.key }),
      connect,
      playback: { write: playback.write, stop: () => {} },
      ...(clock ? { clock } : {}),
    },
    { model, instructions: 'Answer in English.', outputRateHz: 48_000, costTickMs: 0, ...extra },
  )
}

interface Probe {
  connector: TransportConnector
  nextSend(match: (frame: string) => boolean): Promise<number>
  frameStartedAt: number | null
  onFrame: ((text: string) => void) | null
}

/** Times the frames the engine writes and the moments server frames arrive. */
function probeConnector(): Probe {
  const inner = webSocketConnector()
  const waiting: { match: (f: string) => boolean; resolve: (t: number) => void }[] = []
  const probe: Probe = {
    frameStartedAt: null,
    onFrame: null,
    nextSend: (match) => new Promise((resolve) => waiting.push({ match, resolve })),
    connector: async (target, listener, options) => {
      const transport = await inner(
        target,
        {
          frame: (data) => {
            probe.frameStartedAt = performance.now()
            probe.onFrame?.(String(data))
            listener.frame(data)
            probe.frameStartedAt = null
          },
          error: (e) => listener.error(e),
          close: (c) => listener.close(c),
        },
        options,
      )
      return {
        get open() {
          return transport.open
        },
        get bufferedBytes() {
          return transport.bufferedBytes
        },
        send(frame: string) {
          const ok = transport.send(frame)
          const at = performance.now()
          const i = waiting.findIndex((w) => w.match(frame))
          if (i >= 0) waiting.splice(i, 1)[0]?.resolve(at)
          return ok
        },
        close: (code?: number, reason?: string) => transport.close(code, reason),
      }
    },
  }
  return probe
}

const isAudio = (frame: string): boolean =>
  frame.includes('input_audio_buffer.append') || frame.includes('"audio":{')

/** Speech of the long session, captured at the scaled clock's pace in 20 ms chunks. */
async function feedScaled(engine: SessionEngine, speech: Float32Array, clock: EngineClock): Promise<void> {
  const chunk = (DEVICE_RATE_HZ * 20) / 1000
  const start = clock.now()
  for (let at = 0, n = 1; at < speech.length; at += chunk, n++) {
    engine.capture(DEVICE_RATE_HZ, speech.subarray(at, at + chunk))
    if (n % 25 === 0) await sleepOn(clock, start + n * 20 - clock.now())
  }
}

const startDemo = (timeScale: number) => startDemoProcess(['--time-scale', String(timeScale)])

function exposeGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

function figure(
  metric: keyof typeof GOALS,
  ours: number,
  reference: Record<string, number>,
  labels: Record<string, unknown> = {},
): Figure {
  return goalFigure(metric, GOALS[metric], ours, reference, labels)
}

function sleepOn(clock: EngineClock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, Math.max(0, ms)))
}
