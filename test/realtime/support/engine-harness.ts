// An engine wired to the fake service, a manual clock and a recording playback sink. Every test that
// builds one also checks, when it finishes, that the engine never attempted a move its state table lacks.
import { expect, onTestFinished } from 'vitest'
import { SessionEngine, type EngineOptions } from '../../../main/realtime/engine/session-engine'
import type { EngineEvent, EngineEventType } from '../../../main/realtime/engine/engine-events'
import type { PlaybackChunk, PlaybackSink } from '../../../main/realtime/engine/playback'
import { FakeService, ramp, type FakeServiceOptions } from './fake-service'
import { ManualClock, settle } from './manual-clock'

export class RecordingSink implements PlaybackSink {
  readonly chunks: { samples: Float32Array; chunk: PlaybackChunk }[] = []
  stops = 0
  /** What the player reports as heard; null lets the engine estimate. */
  heardMs: number | null = null

  write(samples: Float32Array, chunk: PlaybackChunk): void {
    this.chunks.push({ samples, chunk })
  }

  stop(): void {
    this.stops++
  }

  playedMs(): number | null {
    return this.heardMs
  }

  samplesOf(responseId: string): number {
    return this.chunks
      .filter((c) => c.chunk.responseId === responseId)
      .reduce((n, c) => n + c.samples.length, 0)
  }
}

export interface Harness {
  engine: SessionEngine
  service: FakeService
  clock: ManualClock
  sink: RecordingSink
  events: EngineEvent[]
  of<T extends EngineEventType>(type: T): Extract<EngineEvent, { type: T }>[]
  states(): string[]
  /** Captures `ms` of a 16 kHz ramp in 20 ms chunks, moving the clock in step. */
  talk(ms: number): Float32Array
  /** A whole push-to-talk turn: press, talk for `ms`, release, each step settled. */
  turn(ms: number): Promise<Float32Array>
  settle(): Promise<void>
}

export function harness(
  serviceOptions: FakeServiceOptions = {},
  options: Partial<EngineOptions> = {},
): Harness {
  const clock = new ManualClock()
  const service = new FakeService(serviceOptions)
  const sink = new RecordingSink()
  const engine = new SessionEngine(
    { api: service, connect: service.connector, clock, playback: sink },
    { model: 'test/model', costTickMs: 0, ...options },
  )
  const events: EngineEvent[] = []
  engine.on((e) => events.push(e))
  onTestFinished(() => {
    const bad = events.filter((e) => e.type === 'error' && e.error.code === 'bad_transition')
    expect(bad).toEqual([])
  })
  let rampAt = 0
  const h: Harness = {
    engine,
    service,
    clock,
    sink,
    events,
    of: <T extends EngineEventType>(type: T) =>
      events.filter((e) => e.type === type) as Extract<EngineEvent, { type: T }>[],
    states: () => events.flatMap((e) => (e.type === 'state' ? [e.state] : [])),
    talk(ms: number): Float32Array {
      const total = ramp((ms * 16_000) / 1000, rampAt)
      rampAt += total.length
      for (let at = 0; at < total.length; at += 320) {
        engine.capture(16_000, total.subarray(at, at + 320))
        clock.advance(20)
      }
      return total
    },
    async turn(ms: number): Promise<Float32Array> {
      engine.press()
      await settle()
      const spoken = h.talk(ms)
      engine.release()
      await settle()
      return spoken
    },
    settle: () => settle(),
  }
  return h
}

/** The int16 values the engine should have sent for a Float32 ramp. */
export function asInt16(samples: Float32Array): number[] {
  return Array.from(samples, (v) => Math.round(v * 32_768))
}
