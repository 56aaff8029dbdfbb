// The engine against the real demo service over real WebSockets: a demo server per test (with its
// realtime mount in reach for the debug accessors), a connector that records every frame sent and every
// close seen, and helpers that feed microphone audio in real time.
import { mountRealtime, type RealtimeMount } from '../../../main/demo/realtime/index'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import type { EngineEvent, EngineEventType } from '../../../main/realtime/engine/engine-events'
import { SessionEngine, type EngineOptions } from '../../../main/realtime/engine/session-engine'
import { SessionsApi, type FunctionTool } from '../../../main/api/realtime/sessions-api'
import type { ToolRunner } from '../../../main/realtime/engine/tool-calls'
import type { TransportConnector } from '../../../main/realtime/transports/transport'
import { webSocketConnector } from '../../../main/realtime/transports/ws-transport'
import { RecordingSink } from './engine-harness'

export const MODELS = {
  'model-r': 'openai/gpt-realtime',
  live: 'google/gemini-live-2.5-flash',
} as const

export interface SocketLog {
  url: string
  sent: { atMs: number; frame: string }[]
  closes: { code: number; reason: string }[]
}

/** Wraps a connector so each socket's sent frames and close are kept, and URLs can be rewritten. */
export function recordingConnector(
  inner: TransportConnector,
  logs: SocketLog[],
  rewrite: (url: string) => string = (u) => u,
): TransportConnector {
  return async (target, listener, options) => {
    const log: SocketLog = { url: target.url, sent: [], closes: [] }
    const transport = await inner(
      { ...target, url: rewrite(target.url) },
      {
        frame: (d) => listener.frame(d),
        error: (e) => listener.error(e),
        close: (info) => {
          log.closes.push({ code: info.code, reason: info.reason })
          listener.close(info)
        },
      },
      options,
    )
    logs.push(log)
    return {
      get open() {
        return transport.open
      },
      get bufferedBytes() {
        return transport.bufferedBytes
      },
      send(frame: string) {
        log.sent.push({ atMs: performance.now(), frame })
        return transport.send(frame)
      },
      close: (code?: number, reason?: string) => transport.close(code, reason),
    }
  }
}

export interface DemoRig {
  demo: DemoServer
  realtime: RealtimeMount
  engine: SessionEngine
  sink: RecordingSink
  sockets: SocketLog[]
  events: EngineEvent[]
  of<T extends EngineEventType>(type: T): Extract<EngineEvent, { type: T }>[]
  /** Resolves with the first event of `type` matching `pred` (already seen or yet to come). */
  next<T extends EngineEventType>(
    type: T,
    pred?: (e: Extract<EngineEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<EngineEvent, { type: T }>>
  close(): Promise<void>
}

export interface RigOptions {
  timeScale?: number
  key?: 'ordinary' | 'free' | 'basic' | 'ultra'
  rewriteUrl?: (url: string) => string
  engine?: Partial<EngineOptions>
  variant?: 'default' | 'alt'
  /** Tools the session declares and the engine runs, built once the demo is up. */
  tools?: (demo: DemoServer) => { declarations: FunctionTool[]; run: ToolRunner }
}

export async function startRig(model: string, opts: RigOptions = {}): Promise<DemoRig> {
  let realtime: RealtimeMount | undefined
  const demo = await startDemoServer({
    port: 0,
    seed: 1,
    timeScale: opts.timeScale ?? 1,
    ...(opts.variant ? { variant: opts.variant } : {}),
    mounts: [(ctx) => (realtime = mountRealtime(ctx))],
  })
  const sockets: SocketLog[] = []
  const sink = new RecordingSink()
  const api = new SessionsApi({ baseUrl: demo.baseUrl, key: demo.keys[opts.key ?? 'ordinary'] })
  const tools = opts.tools?.(demo)
  const engine = new SessionEngine(
    {
      api,
      connect: recordingConnector(webSocketConnector(), sockets, opts.rewriteUrl),
      playback: sink,
      ...(tools ? { runTool: tools.run } : {}),
    },
    {
      model,
      instructions: 'Answer in English.',
      costTickMs: 0,
      ...(tools ? { tools: tools.declarations } : {}),
      ...opts.engine,
    },
  )
  const events: EngineEvent[] = []
  const waiters = new Set<() => void>()
  engine.on((e) => {
    events.push(e)
    for (const w of [...waiters]) w()
  })
  const of = <T extends EngineEventType>(type: T) =>
    events.filter((e) => e.type === type) as Extract<EngineEvent, { type: T }>[]
  return {
    demo,
    realtime: realtime as RealtimeMount,
    engine,
    sink,
    sockets,
    events,
    of,
    next(type, pred = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = of(type).find(pred)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(`no '${type}' event in ${timeoutMs} ms; saw ${events.map((e) => e.type).join(',')}`),
          )
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    async close() {
      await engine.end().catch(() => {})
      await demo.close()
    },
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A voiced test signal: a 220 Hz tone with a slow ramp riding on it, so no two 20 ms frames are alike. */
export function voice(samples: number, rateHz: number, offset = 0): Float32Array {
  const out = new Float32Array(samples)
  for (let i = 0; i < samples; i++) {
    const n = offset + i
    out[i] = 0.3 * Math.sin((2 * Math.PI * 220 * n) / rateHz) + ((n % 4_000) - 2_000) / 40_000
  }
  return out
}

/**
 * Feeds `ms` of microphone audio into the engine in 20 ms chunks, paced by the wall clock like a real
 * microphone. Returns the samples fed.
 */
export async function speak(
  engine: SessionEngine,
  ms: number,
  rateHz = 48_000,
  offset = 0,
): Promise<Float32Array> {
  const chunk = (rateHz * 20) / 1000
  const total = voice((rateHz * ms) / 1000, rateHz, offset)
  const started = performance.now()
  for (let at = 0, n = 0; at < total.length; at += chunk, n++) {
    engine.capture(rateHz, total.subarray(at, at + chunk))
    const due = started + (n + 1) * 20
    const wait = due - performance.now()
    if (wait > 0) await sleep(wait)
  }
  return total
}

/** Counts what the demo received for a session, read through its debug accessor. */
export function received(
  rig: DemoRig,
  sessionId: string,
): { samples: number; committed: number[]; pcm: Int16Array } {
  const debug = rig.realtime.getSessionDebug(sessionId)
  if (!debug) throw new Error(`no session ${sessionId}`)
  return {
    samples: debug.audio.receivedSamples,
    committed: debug.audio.committedTurns.map((t) => t.samples),
    pcm: debug.audio.retainedPcm,
  }
}

/** Samples carried by the `append`/`realtimeInput.audio` frames of a socket log. */
export function sentSamples(log: SocketLog): number {
  let n = 0
  for (const { frame } of log.sent) {
    const m = JSON.parse(frame) as { audio?: string; realtimeInput?: { audio?: { data?: string } } }
    const b64 = m.audio ?? m.realtimeInput?.audio?.data
    if (b64) n += Buffer.from(b64, 'base64').length / 2
  }
  return n
}

export function rms(samples: Float32Array): number {
  let sum = 0
  for (const s of samples) sum += s * s
  return Math.sqrt(sum / Math.max(1, samples.length))
}
