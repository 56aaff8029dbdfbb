// The model's calls of the app's tools (realtime-protocols.md §2.4 "Function call", §3.4 "Tools"): each
// call runs once, bounded by a timeout, and is always answered, with its result or a structured error,
// so the model never waits on a call that hangs or threw. A call the service cancels is stopped and not
// answered. Model-R answers wait until the response that made the calls is done, and go together, since
// each `response.create` sent while a response runs is refused.
import { Timer, type EngineClock } from './engine-clock'
import type { EngineEvent, ToolCallError } from './engine-events'
import type { RealtimeCommand, RealtimeEventOf } from './events'

/** Runs one tool; rejects (or the signal aborts it) when it fails. The result is sent as JSON. */
export type ToolRunner = (
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<unknown>

/** A call that has not answered by then is answered with a `timeout` error. */
export const DEFAULT_TOOL_TIMEOUT_MS = 15_000

export interface ToolCallHooks {
  emit(event: EngineEvent): void
  send(command: RealtimeCommand): void
  /** Answers must wait: a Model-R response is still running. */
  holdAnswers(): boolean
  /** Some answers were sent: an answer from the model is awaited. */
  answered(): void
}

interface Running {
  name: string
  abort: AbortController
  timer: Timer
}

type Answer = Extract<RealtimeCommand, { type: 'sendToolResult' }>

export class ToolCalls {
  readonly #running = new Map<string, Running>()
  /** Answers held until the model can take them. */
  #held: Answer[] = []

  constructor(
    private readonly clock: EngineClock,
    private readonly run: ToolRunner | null,
    private readonly timeoutMs: number,
    private readonly hooks: ToolCallHooks,
  ) {}

  get pending(): boolean {
    return this.#running.size > 0 || this.#held.length > 0
  }

  call(e: RealtimeEventOf<'tool.call'>): void {
    if (this.#running.has(e.callId)) return
    const args = parseArguments(e.argumentsJson)
    this.hooks.emit({ type: 'tool', phase: 'started', callId: e.callId, name: e.name, arguments: args ?? {} })
    if (args === null)
      return this.#finish(
        e.callId,
        e.name,
        fault('invalid_arguments', 'The arguments are not a JSON object.'),
      )
    if (this.run === null)
      return this.#finish(e.callId, e.name, fault('tools_off', 'Tools are turned off in Loa.'))
    const running: Running = { name: e.name, abort: new AbortController(), timer: new Timer(this.clock) }
    this.#running.set(e.callId, running)
    running.timer.arm(this.timeoutMs, () => {
      running.abort.abort()
      this.#settle(e.callId, fault('timeout', `No result within ${this.timeoutMs} ms.`))
    })
    let work: Promise<unknown>
    try {
      work = this.run(e.name, args, running.abort.signal)
    } catch (err) {
      work = Promise.reject(err)
    }
    work.then(
      (result) => this.#settle(e.callId, { result: result ?? null }),
      (err: unknown) => this.#settle(e.callId, { error: toolError(err) }),
    )
  }

  /** The service cancelled the calls: they stop, and their answers are not sent. */
  cancel(callIds: readonly string[]): void {
    for (const callId of callIds) {
      const running = this.#running.get(callId)
      const heldAt = this.#held.findIndex((a) => a.callId === callId)
      if (heldAt >= 0) this.#held.splice(heldAt, 1)
      if (!running && heldAt < 0) continue
      if (running) {
        running.timer.cancel()
        running.abort.abort()
        this.#running.delete(callId)
      }
      const name = running?.name ?? ''
      this.hooks.emit({ type: 'tool', phase: 'cancelled', callId, name })
    }
    this.flush()
  }

  /** Sends the held answers once nothing holds them back. */
  flush(): void {
    if (this.#held.length === 0 || this.#running.size > 0 || this.hooks.holdAnswers()) return
    const answers = this.#held
    this.#held = []
    // One response for all of them: the last answer asks for it.
    answers.forEach((a, i) => this.hooks.send({ ...a, respond: i === answers.length - 1 }))
    this.hooks.answered()
  }

  /** The conversation ended: running calls are stopped, nothing more is sent. */
  reset(): void {
    for (const running of this.#running.values()) {
      running.timer.cancel()
      running.abort.abort()
    }
    this.#running.clear()
    this.#held = []
  }

  #settle(callId: string, outcome: { result: unknown } | { error: ToolCallError }): void {
    const running = this.#running.get(callId)
    // Already timed out or cancelled.
    if (!running) return
    running.timer.cancel()
    this.#running.delete(callId)
    this.#finish(callId, running.name, outcome)
  }

  #finish(callId: string, name: string, outcome: { result: unknown } | { error: ToolCallError }): void {
    if ('error' in outcome) {
      this.hooks.emit({ type: 'tool', phase: 'failed', callId, name, error: outcome.error })
      this.#held.push({
        type: 'sendToolResult',
        callId,
        name,
        output: JSON.stringify({ error: outcome.error }),
        error: true,
      })
    } else {
      this.hooks.emit({ type: 'tool', phase: 'done', callId, name, result: outcome.result })
      this.#held.push({ type: 'sendToolResult', callId, name, output: JSON.stringify(outcome.result) })
    }
    this.flush()
  }
}

function fault(code: string, message: string): { error: ToolCallError } {
  return { error: { code, message } }
}

function parseArguments(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json === '' ? '{}' : json)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** A thrown error as the model and the window see it: a stable code and a sentence. */
function toolError(err: unknown): ToolCallError {
  const e = err as { code?: unknown; message?: unknown } | null
  const code = typeof e?.code === 'string' && e.code !== '' ? e.code : 'tool_failed'
  const message = typeof e?.message === 'string' && e.message !== '' ? e.message : String(err)
  return { code, message }
}
