// One push-to-talk turn from a recording instead of a microphone: the audio goes in as 20 ms capture
// frames (in real time, or all at once and left to the engine's pacing), the answer is collected, and the
// session is ended. `loa talk` and the bench drive the engine through this.
import { AppError } from '../../errors'
import type { EngineClock } from './engine-clock'
import type { ConversationSummary, EngineError, EngineEvent, ToolCallError } from './engine-events'
import type { ResponseStatus } from './events'
import { OUTPUT_RATE_HZ } from './events'
import type { SessionEngine } from './session-engine'

export interface TurnAudio {
  rateHz: number
  /** Mono Float32. */
  samples: Float32Array
}

export interface TurnTimings {
  createMs: number | null
  connectMs: number | null
  /** From the end-of-turn message leaving on the socket to the first answer audio handed to playback. */
  firstAudioMs: number | null
  /** From the press to the end of the answer. */
  totalMs: number
}

/** A tool the model called during the turn, with what it was answered. */
export type TurnToolCall =
  | { name: string; arguments: Record<string, unknown>; result: unknown }
  | { name: string; arguments: Record<string, unknown>; error: ToolCallError }

export interface FileTurnResult {
  sessionId: string | null
  toolCalls: TurnToolCall[]
  userText: string
  modelText: string
  status: ResponseStatus
  /** The answer at OUTPUT_RATE_HZ, mono. */
  reply: Float32Array
  replyRateHz: number
  timings: TurnTimings
  summary: ConversationSummary
}

export interface FileTurnOptions {
  /** Hand the whole recording over at once; the engine paces it as fast as the service accepts. */
  fast?: boolean
  /** Give up when the answer has not finished by then. */
  timeoutMs?: number
  clock?: EngineClock
}

const CHUNK_MS = 20
const DEFAULT_TIMEOUT_MS = 120_000
/** The user's transcript may come after the answer (realtime-protocols.md §2.6). */
const TRANSCRIPT_GRACE_MS = 1_500

/** A turn that could not be done; `error` says why in the engine's terms. */
export class TurnFailed extends AppError {
  constructor(readonly error: EngineError) {
    super(
      error.kind,
      error.message,
      error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs },
    )
    this.name = 'TurnFailed'
  }
}

/** One turn: a recording, spoken as into a microphone, or typed text. */
export async function talkOnce(
  engine: SessionEngine,
  audio: TurnAudio | { text: string },
  options: FileTurnOptions = {},
): Promise<FileTurnResult> {
  engine.setOutputRate(OUTPUT_RATE_HZ)
  const reply: Float32Array[] = []
  const now = (): number => options.clock?.now() ?? performance.now()
  const startedMs = now()
  let turnSentMs: number | null = null
  let firstAudioMs: number | null = null
  const stopWatchingSend = engine.on((e) => {
    if (e.type === 'turn' && e.phase === 'sent') turnSentMs ??= now()
  })
  const watch = watchTurn(engine, () => (reply.length = 0))
  engine.setPlayback({
    write(samples) {
      if (firstAudioMs === null && turnSentMs !== null) firstAudioMs = now() - turnSentMs
      reply.push(samples)
    },
    stop() {},
    // Nothing plays aloud: what was written counts as heard.
    playedMs: () => null,
  })
  try {
    if ('text' in audio) {
      turnSentMs = now()
      engine.sendText(audio.text)
    } else {
      engine.press()
      await feed(engine, audio, options.fast === true)
      engine.release()
    }
    const done = await withTimeout(watch.done, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    await Promise.race([watch.userFinal, sleep(TRANSCRIPT_GRACE_MS)])
    const totalMs = now() - startedMs
    const sessionId = engine.sessionId
    const summary = await engine.end()
    return {
      sessionId,
      toolCalls: watch.toolCalls(),
      userText: watch.userText(),
      modelText: watch.modelText(),
      status: done.status,
      reply: concat(reply),
      replyRateHz: OUTPUT_RATE_HZ,
      timings: { createMs: watch.createMs(), connectMs: watch.connectMs(), firstAudioMs, totalMs },
      summary,
    }
  } catch (err) {
    await engine.end().catch(() => {})
    throw err
  } finally {
    stopWatchingSend()
    watch.stop()
    engine.setPlayback(null)
  }
}

interface TurnWatch {
  done: Promise<{ status: ResponseStatus }>
  userFinal: Promise<void>
  userText(): string
  modelText(): string
  createMs(): number | null
  connectMs(): number | null
  toolCalls(): TurnToolCall[]
  stop(): void
}

/**
 * Follows the engine's events for one turn; a failure of the session rejects `done`. A session the
 * service cut and the engine renews gets the turn again (its audio is still held): the cut answer is
 * dropped (`restart`) and the new session's answer is the turn's.
 */
function watchTurn(engine: SessionEngine, restart: () => void): TurnWatch {
  let user = ''
  let model = ''
  /** Renewed: answers that end before the new session's answer starts are the cut one's. */
  let renewed = false
  let createMs: number | null = null
  let connectMs: number | null = null
  const calls = new Map<string, TurnToolCall>()
  /** Calls not yet answered; and whether the running answer made one (Model-R), so is not the last. */
  let openCalls = 0
  let answering = false
  let callInAnswer = false
  let settleDone: (v: { status: ResponseStatus }) => void = () => {}
  let failDone: (e: unknown) => void = () => {}
  let settleUser: () => void = () => {}
  const done = new Promise<{ status: ResponseStatus }>((resolve, reject) => {
    settleDone = resolve
    failDone = reject
  })
  // Failures before anyone awaits `done` (during the feed) must not count as unhandled.
  done.catch(() => {})
  const userFinal = new Promise<void>((resolve) => (settleUser = resolve))
  const stop = engine.on((e: EngineEvent) => {
    if (e.type === 'session' && !e.resumed) {
      createMs = e.createMs
      connectMs = e.connectMs
    } else if (e.type === 'caption' && e.role === 'user') {
      user = e.text
      if (e.final) settleUser()
    } else if (e.type === 'caption' && e.role === 'assistant') {
      if (!renewed) model = e.text
    } else if (e.type === 'tool') {
      if (e.phase === 'started') {
        openCalls++
        if (answering) callInAnswer = true
        calls.set(e.callId, { name: e.name, arguments: e.arguments, result: null })
        return
      }
      openCalls = Math.max(0, openCalls - 1)
      const call = calls.get(e.callId)
      if (call && e.phase === 'done') calls.set(e.callId, { ...call, result: e.result })
      if (call && e.phase === 'failed')
        calls.set(e.callId, { name: call.name, arguments: call.arguments, error: e.error })
      if (e.phase === 'cancelled') calls.delete(e.callId)
    } else if (e.type === 'response' && e.phase === 'started') {
      answering = true
      if (renewed) restart()
      renewed = false
    } else if (e.type === 'response' && e.phase === 'done') {
      answering = false
      // An answer that called tools is followed by the answer to their results: that one ends the turn.
      const called = callInAnswer || openCalls > 0
      callInAnswer = false
      if (!renewed && !called) settleDone({ status: e.status })
    } else if (e.type === 'terminated' && e.renewal === 'renewing') {
      renewed = true
      model = ''
    } else if (e.type === 'turn' && e.phase === 'discarded') {
      failDone(
        new TurnFailed({
          kind: 'invalid_input',
          code: 'too_short',
          message: 'The recording is shorter than 100 ms.',
        }),
      )
    } else if (e.type === 'terminated') {
      failDone(
        new TurnFailed({
          kind: 'server',
          code: e.reason,
          message: e.message ?? `Session ended: ${e.reason}.`,
        }),
      )
    } else if (e.type === 'error' && e.fatal) failDone(new TurnFailed(e.error))
  })
  return {
    done,
    userFinal,
    userText: () => user,
    modelText: () => model,
    createMs: () => createMs,
    connectMs: () => connectMs,
    toolCalls: () => [...calls.values()],
    stop,
  }
}

async function feed(engine: SessionEngine, audio: TurnAudio, fast: boolean): Promise<void> {
  const chunk = Math.max(1, Math.round((audio.rateHz * CHUNK_MS) / 1000))
  const started = performance.now()
  for (let at = 0, n = 1; at < audio.samples.length; at += chunk, n++) {
    // The session failed: the rest would go nowhere.
    if (!engine.pressed) return
    engine.capture(audio.rateHz, audio.samples.subarray(at, at + chunk))
    if (fast) continue
    const waitMs = started + n * CHUNK_MS - performance.now()
    if (waitMs > 0) await sleep(waitMs)
  }
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new TurnFailed({
            kind: 'network',
            code: 'timeout',
            message: `No answer within ${Math.round(ms / 1000)} s.`,
          }),
        ),
      ms,
    )
    promise.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(timer)
        reject(e)
      },
    )
  })
}
