// Property-based fuzzing of both adapters: whatever arrives, they only ever return events (bad input
// becomes `malformed` or is counted), and the stateful guarantees hold across random exchanges.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { RealtimeAdapter, TurnDetection } from '../../../main/realtime/adapters/adapter'
import { LiveAdapter } from '../../../main/realtime/adapters/live/live-adapter'
import { ModelRAdapter } from '../../../main/realtime/adapters/model-r/model-r-adapter'
import { ADAPTER_FAILURE } from '../../../main/realtime/adapters/receive-frame'
import type { RealtimeCommand, RealtimeEvent, RealtimeEventType } from '../../../main/realtime/engine/events'
import { fixtureFrames } from './support'

const EVENT_TYPES: Record<RealtimeEventType, true> = {
  'session.ready': true,
  'speech.started': true,
  'speech.stopped': true,
  'turn.userCommitted': true,
  'transcript.user.delta': true,
  'transcript.user.final': true,
  'response.started': true,
  'audio.delta': true,
  'audio.done': true,
  'audio.remote': true,
  'item.truncated': true,
  'transcript.assistant.delta': true,
  'transcript.assistant.final': true,
  'response.ending': true,
  'response.done': true,
  usage: true,
  'tool.call': true,
  'tool.cancelled': true,
  service: true,
  error: true,
  goAway: true,
  resumption: true,
  malformed: true,
}

const FIXTURES = [
  'model-r/ga-manual-turn.jsonl',
  'model-r/beta-manual-turn.jsonl',
  'model-r/server-vad-turn.jsonl',
  'model-r/interrupted-turn.jsonl',
  'model-r/user-transcript-order.jsonl',
  'model-r/text-modality.jsonl',
  'model-r/errors.jsonl',
  'model-r/function-call.jsonl',
  'gateway-svc.jsonl',
  'live/manual-activity-turn.jsonl',
  'live/auto-vad-turn.jsonl',
  'live/interrupted-turn.jsonl',
  'live/vertex-audio.jsonl',
  'live/session-lifecycle.jsonl',
  'live/binary-frames.jsonl',
]
const FRAMES = FIXTURES.flatMap(fixtureFrames)
const OWN_FIXTURES = {
  modelR: FIXTURES.filter((f) => f.startsWith('model-r/')),
  live: FIXTURES.filter((f) => f.startsWith('live/')),
}
const HUGE = 'A'.repeat(300_000)
const NUM_RUNS = 250

type Make = () => RealtimeAdapter
/** Each adapter with the frames of its own protocol, so random exchanges reach deep into its states. */
const ADAPTERS: [string, Make, string[]][] = [
  ['Model-R', () => new ModelRAdapter({ idPrefix: 'f' }), OWN_FIXTURES.modelR],
  ['live manual', () => new LiveAdapter({ idPrefix: 'f', turnDetection: 'manual' }), OWN_FIXTURES.live],
  [
    'live server',
    () => new LiveAdapter({ idPrefix: 'f', turnDetection: 'server' as TurnDetection }),
    OWN_FIXTURES.live,
  ],
]

function checkEvents(events: RealtimeEvent[]): void {
  for (const e of events) {
    expect(EVENT_TYPES[e.type]).toBe(true)
    if (e.type === 'malformed') expect(e.reason.startsWith(ADAPTER_FAILURE), e.reason).toBe(false)
    if (e.type === 'audio.delta') {
      expect(e.pcm).toBeInstanceOf(Int16Array)
      expect(e.rateHz).toBeGreaterThan(0)
    }
    if (e.type === 'usage')
      for (const n of Object.values(e.usage)) expect(Number.isFinite(n) && n >= 0).toBe(true)
  }
}

function nested(depth: number): unknown {
  let v: unknown = 'x'
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v }
  return v
}

type Op = 'delete' | 'replace' | 'huge' | 'nest'
interface Mutation {
  path: number[]
  op: Op
  value: unknown
}

/** Walks `path` (indexes taken modulo the keys there) and mutates the field it ends on. */
function mutate(frame: Record<string, unknown>, mutations: Mutation[]): unknown {
  const root = structuredClone(frame) as Record<string, unknown>
  for (const { path, op, value } of mutations) {
    let container: Record<string, unknown> | unknown[] = root
    let key: string | number | undefined
    for (const step of path) {
      const keys: (string | number)[] = Array.isArray(container)
        ? container.map((_, i) => i)
        : Object.keys(container)
      if (keys.length === 0) break
      key = keys[step % keys.length] as string | number
      const child = (container as Record<string | number, unknown>)[key]
      if (typeof child !== 'object' || child === null) break
      container = child as Record<string, unknown>
      key = undefined
    }
    const target = container as Record<string | number, unknown>
    const k = key ?? (Array.isArray(container) ? 0 : (Object.keys(container)[0] ?? 'extra'))
    if (op === 'delete') delete target[k]
    else target[k] = op === 'replace' ? value : op === 'huge' ? HUGE : nested(2000)
  }
  return root
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  path: fc.array(fc.nat(), { maxLength: 6 }),
  op: fc.constantFrom<Op>('delete', 'replace', 'replace', 'huge', 'nest'),
  value: fc.jsonValue({ maxDepth: 3 }),
})
const mutatedFrameArb = fc
  .tuple(fc.constantFrom(...FRAMES), fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
  .map(([frame, mutations]) => JSON.stringify(mutate(frame, mutations)))

const KEYS = [
  'type',
  'svc',
  'serverContent',
  'usageMetadata',
  'toolCall',
  'goAway',
  'setupComplete',
  '__proto__',
  'constructor',
]
const keyedFrameArb = fc
  .dictionary(fc.constantFrom(...KEYS), fc.jsonValue({ maxDepth: 4 }))
  .map((o) => JSON.stringify(o))

const frameArb: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  mutatedFrameArb,
  fc.constantFrom(...FRAMES.map((f) => JSON.stringify(f))),
  keyedFrameArb,
  fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
  fc.string(),
  fc.uint8Array({ maxLength: 512 }),
  mutatedFrameArb.map((text) => new Uint8Array(Buffer.from(text, 'utf8'))),
)

type Step = { frame: string | Uint8Array } | { command: RealtimeCommand } | { endTurnNow: true }
const commandArb: fc.Arbitrary<RealtimeCommand> = fc.oneof(
  fc.int16Array({ maxLength: 64 }).map((pcm16k): RealtimeCommand => ({ type: 'appendAudio', pcm16k })),
  fc.constantFrom<RealtimeCommand>(
    { type: 'startTurn' },
    { type: 'commitTurn' },
    { type: 'clearInput' },
    { type: 'endAudioStream' },
    { type: 'sendToolResult', callId: 'call_1', name: 'f', output: '{}' },
  ),
  fc
    .record({ itemId: fc.option(fc.constantFrom('item_A1', 'item_A2', 'other')), playedMs: fc.double() })
    .map(({ itemId, playedMs }): RealtimeCommand => ({
      type: 'interrupt',
      playedMs,
      ...(itemId ? { itemId } : {}),
    })),
)
const insertArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: commandArb.map((command) => ({ command })) },
  { weight: 2, arbitrary: frameArb.map((frame) => ({ frame })) },
  { weight: 1, arbitrary: fc.constant({ endTurnNow: true as const }) },
)

/** A whole fixture in order, with commands, garbage and forced turn ends spliced in at random places. */
const scriptArb = (fixtures: string[]): fc.Arbitrary<Step[]> =>
  fc
    .tuple(fc.constantFrom(...fixtures), fc.array(fc.tuple(fc.nat(), insertArb), { maxLength: 12 }))
    .map(([name, inserts]) => {
      const steps: Step[] = fixtureFrames(name).map((f) => ({ frame: JSON.stringify(f) }))
      for (const [at, step] of inserts) steps.splice(at % (steps.length + 1), 0, step)
      return steps
    })

/** Frames of the adapter's own protocol in any order, mixed with everything else. */
const shuffleArb = (fixtures: string[]): fc.Arbitrary<Step[]> =>
  fc.array(
    fc.oneof(
      { weight: 2, arbitrary: insertArb },
      {
        weight: 3,
        arbitrary: fc
          .constantFrom(...fixtures.flatMap(fixtureFrames))
          .map((f) => ({ frame: JSON.stringify(f) })),
      },
    ),
    { minLength: 10, maxLength: 60, size: 'max' },
  )

describe.each(ADAPTERS)('%s adapter under fuzzing', (_name, make, own) => {
  test('any single frame yields only well-formed events', () => {
    fc.assert(
      fc.property(frameArb, (frame) => {
        checkEvents(make().receive(frame))
      }),
      { numRuns: NUM_RUNS },
    )
  })

  test('random exchanges: frames never throw, commands encode to JSON, interrupted audio never plays', () => {
    fc.assert(
      fc.property(fc.oneof(scriptArb(own), shuffleArb(own)), (steps) => {
        const a = make()
        const running = new Set<string>()
        const interrupted = new Set<string>()
        const take = (events: RealtimeEvent[]): void => {
          checkEvents(events)
          for (const e of events) {
            if (e.type === 'response.started') running.add(e.responseId)
            if (e.type === 'response.done') running.delete(e.responseId)
            if (e.type === 'audio.delta') expect(interrupted.has(e.responseId), e.responseId).toBe(false)
          }
        }
        for (const step of steps) {
          if ('frame' in step) take(a.receive(step.frame))
          else if ('endTurnNow' in step) take(a.endTurnNow())
          else {
            const frames = a.encode(step.command)
            for (const f of frames) expect(typeof JSON.parse(f)).toBe('object')
            if (step.command.type === 'interrupt') {
              for (const id of running) interrupted.add(id)
              for (const f of frames) {
                const ms = (JSON.parse(f) as { audio_end_ms?: unknown }).audio_end_ms
                if (ms !== undefined) expect(Number.isInteger(ms) && (ms as number) >= 0).toBe(true)
              }
            }
          }
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })
})

describe('pathological frames', () => {
  test('nesting too deep to re-serialise is an invalid tool call, not a failure', () => {
    const depth = 100_000
    const args = `${'['.repeat(depth)}${']'.repeat(depth)}`
    const frame = `{"toolCall":{"functionCalls":[{"id":"c1","name":"f","args":{"a":${args}}}]}}`
    const a = new LiveAdapter()
    expect(a.receive(frame)).toEqual([])
    expect(a.stats.invalidEvents).toBe(1)
    expect(new ModelRAdapter().receive(`{"type":"error","error":${args}}`)).toMatchObject([{ type: 'error' }])
  })

  test('an svc payload too deep to sample is still reported as malformed', () => {
    const depth = 100_000
    const events = new ModelRAdapter().receive(`{"svc":${'['.repeat(depth)}${']'.repeat(depth)}}`)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'malformed', reason: 'svc event without a type' })
  })
})
