// Everything the engine sends, in order, across the life of several sockets. Commands wait here while
// there is no socket (the pre-roll before the session exists, the gap of a reconnect) and are encoded
// only when they leave, by the adapter of the session they leave on. Audio leaves paced (audio-pacer.ts)
// and only while the socket's own buffer is short, so a slow link backs audio up here, where it is
// counted and capped, rather than in the socket, where it would burst out later and trip 4413.
import type { RealtimeCommand } from '../engine/events'
import { AudioPacer } from '../engine/audio-pacer'
import { Timer, type EngineClock } from '../engine/engine-clock'
import { INPUT_RATE_HZ } from '../engine/events'

export interface OutboxSink {
  readonly open: boolean
  send(frame: string): boolean
  readonly bufferedBytes: number
}

export interface OutboxEntry {
  command: RealtimeCommand
  /** The push-to-talk turn the command belongs to; null for commands of no turn (interrupt). */
  turnId: number | null
  audioMs: number
}

export interface OutboxOptions {
  burstMs: number
  /** Audio held beyond this is dropped, oldest first: memory stays bounded on a dead link. */
  maxQueuedAudioMs: number
  /** The socket may hold this many unsent bytes before audio waits (about 1.5 s of audio). */
  maxInFlightBytes: number
  onSent?(entry: OutboxEntry): void
  onDropped?(audioMs: number): void
}

/** How often a link that is too slow is looked at again: ws has no drain event. */
const IN_FLIGHT_POLL_MS = 10

export class Outbox {
  #queue: OutboxEntry[] = []
  #head = 0
  #queuedAudioMs = 0
  #sink: OutboxSink | null = null
  #flushing = false
  #encode: ((command: RealtimeCommand) => string[]) | null = null
  readonly #pacer: AudioPacer
  readonly #timer: Timer

  constructor(
    private readonly clock: EngineClock,
    private readonly options: OutboxOptions,
  ) {
    this.#pacer = new AudioPacer(options.burstMs, clock.now())
    this.#timer = new Timer(clock)
  }

  get queuedAudioMs(): number {
    return this.#queuedAudioMs
  }

  get length(): number {
    return this.#queue.length - this.#head
  }

  /** The command queued last and not yet sent. */
  get newest(): OutboxEntry | null {
    return this.length > 0 ? (this.#queue[this.#queue.length - 1] as OutboxEntry) : null
  }

  get attached(): boolean {
    return this.#sink !== null
  }

  push(command: RealtimeCommand, turnId: number | null = null): void {
    const audioMs = command.type === 'appendAudio' ? (command.pcm16k.length * 1000) / INPUT_RATE_HZ : 0
    this.#queue.push({ command, turnId, audioMs })
    this.#queuedAudioMs += audioMs
    if (this.#queuedAudioMs > this.options.maxQueuedAudioMs) this.#dropOldestAudio()
    this.flush()
  }

  /** A socket is open: send what waits, encoded by this session's adapter. */
  attach(sink: OutboxSink, encode: (command: RealtimeCommand) => string[]): void {
    this.#sink = sink
    this.#encode = encode
    this.#pacer.reset(this.clock.now())
    this.flush()
  }

  detach(): void {
    this.#sink = null
    this.#encode = null
    this.#timer.cancel()
  }

  setBurstMs(burstMs: number): void {
    this.#pacer.setBurstMs(burstMs, this.clock.now())
  }

  /** Sends as much as pacing and the socket's buffer allow, and schedules the rest. */
  flush(): void {
    if (this.#flushing || this.#timer.armed) return
    this.#flushing = true
    try {
      this.#sendWhatMayGo()
    } finally {
      this.#flushing = false
    }
  }

  #sendWhatMayGo(): void {
    while (this.#head < this.#queue.length) {
      const sink = this.#sink
      const encode = this.#encode
      // A socket that closed under us keeps the rest here until the next one is attached.
      if (!sink || !encode || !sink.open) return
      const entry = this.#queue[this.#head] as OutboxEntry
      if (entry.audioMs > 0) {
        if (sink.bufferedBytes > this.options.maxInFlightBytes) return this.#retryIn(IN_FLIGHT_POLL_MS)
        const waitMs = this.#pacer.waitMs(entry.audioMs, this.clock.now())
        if (waitMs > 0) return this.#retryIn(waitMs)
        this.#pacer.take(entry.audioMs, this.clock.now())
      }
      this.#shift()
      for (const frame of encode(entry.command)) sink.send(frame)
      this.options.onSent?.(entry)
    }
  }

  /** Takes back the unsent commands of a turn (a press too short to keep, or replayed on a new session). */
  removeTurn(turnId: number): OutboxEntry[] {
    const removed: OutboxEntry[] = []
    const kept: OutboxEntry[] = []
    for (let i = this.#head; i < this.#queue.length; i++) {
      const entry = this.#queue[i] as OutboxEntry
      ;(entry.turnId === turnId ? removed : kept).push(entry)
    }
    this.#replace(kept)
    return removed
  }

  /** Whether audio is still waiting to be sent. */
  holdsAudio(): boolean {
    // Frame lengths are fractions of a ms at odd rates; what is left after subtracting them is rounding.
    return this.#queuedAudioMs > 0.01
  }

  /** Whether a command of this type and turn is still waiting. */
  has(turnId: number, type: RealtimeCommand['type']): boolean {
    for (let i = this.#head; i < this.#queue.length; i++) {
      const entry = this.#queue[i] as OutboxEntry
      if (entry.turnId === turnId && entry.command.type === type) return true
    }
    return false
  }

  clear(): void {
    this.#replace([])
    this.#timer.cancel()
  }

  #retryIn(ms: number): void {
    this.#timer.arm(ms, () => this.flush())
  }

  #shift(): void {
    const entry = this.#queue[this.#head] as OutboxEntry
    this.#queuedAudioMs -= entry.audioMs
    this.#head++
    // Compact now and then rather than shifting the array for every 20 ms frame.
    if (this.#head > 256 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head)
      this.#head = 0
    }
  }

  #replace(entries: OutboxEntry[]): void {
    this.#queue = entries
    this.#head = 0
    this.#queuedAudioMs = entries.reduce((sum, e) => sum + e.audioMs, 0)
  }

  #dropOldestAudio(): void {
    let droppedMs = 0
    const kept: OutboxEntry[] = []
    for (let i = this.#head; i < this.#queue.length; i++) {
      const entry = this.#queue[i] as OutboxEntry
      if (entry.audioMs > 0 && this.#queuedAudioMs - droppedMs > this.options.maxQueuedAudioMs) {
        droppedMs += entry.audioMs
        continue
      }
      kept.push(entry)
    }
    this.#replace(kept)
    if (droppedMs > 0) this.options.onDropped?.(droppedMs)
  }
}
