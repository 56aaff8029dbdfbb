// What the realtime suites share around a session engine: a microphone fed in real time, waiting on the
// engine's events, and the demo service's WAN latency and count of the audio it received.
import type { EngineEvent } from '../main/realtime/engine/engine-events'
import type { SessionEngine } from '../main/realtime/engine/session-engine'
import { demoControl, type DemoProcess } from './demo-process'

export const DEVICE_RATE_HZ = 48_000
/** An AudioWorklet render quantum: the renderer's capture granularity. */
export const BLOCK_SAMPLES = 128
/** Cold runs delay the service's HTTP answers this much (faults.latencyMs), standing for a WAN round trip. */
export const WAN_LATENCY_MS = 150

export interface Microphone {
  /** Samples at DEVICE_RATE_HZ handed to the engine so far. */
  readonly captured: number
  stop(): void
}

/**
 * A microphone that never stops, as the renderer's: 128-sample blocks at 48 kHz, in real time.
 * `onTrack`: over WebRTC, whether the page's track carries the microphone as a block is captured, as the
 * page marks its frames (without it every block would go as an audio event and on the track, twice).
 */
export function startMicrophone(engine: SessionEngine, onTrack: () => boolean = () => false): Microphone {
  const block = tone(BLOCK_SAMPLES)
  const started = performance.now()
  let fed = 0
  let running = true
  const state = {
    get captured() {
      return fed * BLOCK_SAMPLES
    },
    stop: () => (running = false),
  }
  const tick = (): void => {
    if (!running) return
    const due = Math.floor(((performance.now() - started) * DEVICE_RATE_HZ) / 1000 / BLOCK_SAMPLES)
    for (; fed < due; fed++) engine.capture(DEVICE_RATE_HZ, block, onTrack())
    setTimeout(tick, 1)
  }
  tick()
  return state
}

/** A 220 Hz tone at `rateHz`, a third of full scale. */
export function tone(samples: number, rateHz = DEVICE_RATE_HZ): Float32Array {
  const out = new Float32Array(samples)
  for (let i = 0; i < samples; i++) out[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / rateHz)
  return out
}

export function nextEvent(
  engine: SessionEngine,
  match: (e: EngineEvent) => boolean,
  timeoutMs = 15_000,
): Promise<EngineEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error('timed out waiting for an engine event'))
    }, timeoutMs)
    const stop = engine.on((e) => {
      if (e.type === 'error' && e.fatal) {
        clearTimeout(timer)
        stop()
        reject(new Error(e.error.message))
      } else if (match(e)) {
        clearTimeout(timer)
        stop()
        resolve(e)
      }
    })
  })
}

/** Samples (16 kHz) of the user's audio the service received in the session: its debug accessor. */
export async function receivedSamples(demo: DemoProcess, sessionId: string): Promise<number> {
  return (await audioCounts(demo, sessionId)).received_samples
}

/**
 * Samples (16 kHz) in each user turn the service committed to the conversation, oldest first: audio sent
 * twice (a press given again after a reset) is received twice but committed once, so a turn's length is
 * what the model hears of it.
 */
export async function committedSamples(demo: DemoProcess, sessionId: string): Promise<number[]> {
  return (await audioCounts(demo, sessionId)).committed_turns.map((t) => t.samples)
}

async function audioCounts(
  demo: DemoProcess,
  sessionId: string,
): Promise<{ received_samples: number; committed_turns: { samples: number }[] }> {
  const res = await fetch(`${demo.baseUrl}/__demo/realtime/sessions/${sessionId}/audio?format=json`)
  return (await res.json()) as { received_samples: number; committed_turns: { samples: number }[] }
}

export async function withLatency<T>(demo: DemoProcess, work: () => Promise<T>): Promise<T> {
  const set = (latencyMs: number) => demoControl(demo, 'faults', { latencyMs })
  await set(WAN_LATENCY_MS)
  try {
    return await work()
  } finally {
    await set(0)
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}

/**
 * An engine event to await later: if the measurement breaks off before awaiting it, its timeout is not
 * left as an unhandled rejection that would end the whole run.
 */
export function awaitable(...args: Parameters<typeof nextEvent>): Promise<EngineEvent> {
  const promise = nextEvent(...args)
  promise.catch(() => {})
  return promise
}

/**
 * Resolves with when the service's received count first grows after now (polled every `pollMs`): audio
 * is flowing again. `session` names the session now; a new one counts from nothing.
 */
export async function flowingAgain(
  demo: DemoProcess,
  session: () => string,
  giveUpAt: number,
  pollMs: number,
): Promise<number> {
  const first = session()
  const start = await receivedSamples(demo, first)
  while (performance.now() < giveUpAt) {
    await sleep(pollMs)
    const at = performance.now()
    const now = session()
    if ((await receivedSamples(demo, now)) > (now === first ? start : 0)) return at
  }
  return Number.NaN
}
