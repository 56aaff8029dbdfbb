// Both realtime adapters against frames the service never meant to send: random JSON shaped like its
// events (known types with fields of any type), truncated frames, bytes, and commands interleaved.
// `receive` never throws and never fails inside a handler (that would surface as `adapter failed:`): bad
// input becomes `malformed` or is counted, and the adapter keeps translating the good frames after it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RealtimeAdapter } from '../../main/realtime/adapters/adapter'
import { createAdapter } from '../../main/realtime/adapters/create-adapter'
import { LIVE_EVENTS } from '../../main/realtime/adapters/live/live-events'
import { MODEL_R_EVENTS } from '../../main/realtime/adapters/model-r/model-r-events'
import { ADAPTER_FAILURE } from '../../main/realtime/adapters/receive-frame'
import type { RealtimeCommand } from '../../main/realtime/engine/events'

/** Field names the protocols use, so random objects hit the handlers' reads, not only unknown keys. */
const FIELD = fc.constantFrom(
  'type', 'event_id', 'item_id', 'response_id', 'delta', 'transcript', 'text', 'audio', 'item', 'response',
  'usage', 'status', 'content_index', 'output_index', 'audio_end_ms', 'error', 'code', 'message', 'session',
  'modelTurn', 'parts', 'inlineData', 'data', 'mimeType', 'turnComplete', 'interrupted', 'generationComplete',
  'inputTranscription', 'outputTranscription', 'functionCalls', 'id', 'name', 'args', 'ids', 'timeLeft',
  'svc', 'amount_vnd', 'balance_vnd', 'reason', 'total_tokens', 'input_token_details', 'call_id', 'arguments',
) // prettier-ignore

const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.base64String({ maxLength: 64 }),
  fc.constantFrom('', 'AAAA', '%%%', 'audio/pcm;rate=24000', 'completed', 'cancelled'),
)
const { value: json } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(FIELD, tie('value'), { maxKeys: 6 }),
}))

/** An event of a type the adapter knows, its fields anything. */
const eventOf = (types: string[], typeKey: 'type' | 'top') =>
  fc
    .tuple(fc.constantFrom(...types), fc.dictionary(FIELD, json, { maxKeys: 6 }), json)
    .map(([type, fields, body]) => (typeKey === 'type' ? { ...fields, type } : { ...fields, [type]: body }))

/** A frame as it might arrive: JSON text, the same cut short, bytes of it, or noise. */
const frameFrom = (event: fc.Arbitrary<object>) =>
  fc.oneof(
    event.map((e) => JSON.stringify(e)),
    fc.tuple(event, fc.nat()).map(([e, n]) => {
      const text = JSON.stringify(e)
      return text.slice(0, n % (text.length + 1))
    }),
    event.map((e) => new TextEncoder().encode(JSON.stringify(e))),
    event.map((e) => [Buffer.from(JSON.stringify(e).slice(0, 5)), Buffer.from(JSON.stringify(e).slice(5))]),
    fc.uint8Array({ maxLength: 64 }),
    fc.string(),
    json.map((v) => JSON.stringify(v) ?? 'undefined'),
  )

const command: fc.Arbitrary<RealtimeCommand> = fc.oneof(
  fc.integer({ min: 0, max: 2000 }).map((n) => ({ type: 'appendAudio' as const, pcm16k: new Int16Array(n) })),
  fc.constantFrom<RealtimeCommand>({ type: 'startTurn' }, { type: 'commitTurn' }, { type: 'clearInput' }, { type: 'endAudioStream' }),
  fc.record({ type: fc.constant('interrupt' as const), playedMs: fc.double({ noNaN: false }), itemId: fc.option(fc.string(), { nil: undefined }) })
    .map(({ itemId, ...rest }) => (itemId === undefined ? rest : { ...rest, itemId })),
  fc.record({ type: fc.constant('sendToolResult' as const), callId: fc.string(), name: fc.string(), output: fc.string() }),
) // prettier-ignore

type Step = { frame: unknown } | { command: RealtimeCommand } | { endTurn: true }

/** Events other than `malformed`, over a whole run: the frames reached the handlers, not only the parser. */
let translated = 0

function drive(adapter: RealtimeAdapter, steps: Step[]): void {
  for (const step of steps) {
    if ('frame' in step) {
      const events = adapter.receive(step.frame as string)
      for (const e of events) {
        if (e.type !== 'malformed') translated++
        if (e.type === 'malformed') expect(e.reason.startsWith(ADAPTER_FAILURE), e.reason).toBe(false)
      }
    } else if ('command' in step) {
      // A command the protocol cannot carry is refused with an error of ours, never a crash.
      try {
        const frames = adapter.encode(step.command)
        for (const f of frames) expect(typeof JSON.parse(f)).toBe('object')
      } catch (err) {
        expect(err).toBeInstanceOf(Error)
      }
    } else adapter.endTurnNow()
  }
}

const PROTOCOLS = [
  ['Model-R', 'vendor-a-realtime-v1', Object.keys(MODEL_R_EVENTS), 'type'],
  ['live type', 'vendor-b-live-v1beta', Object.keys(LIVE_EVENTS), 'top'],
] as const

describe.each(PROTOCOLS)('the %s adapter on random frames', (_name, protocol, types, typeKey) => {
  const frame = frameFrom(fc.oneof(eventOf([...types], typeKey), eventOf(['svc'], 'top')))
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 6, arbitrary: frame.map((f) => ({ frame: f })) },
    { weight: 2, arbitrary: command.map((c) => ({ command: c })) },
    { weight: 1, arbitrary: fc.constant({ endTurn: true as const }) },
  )

  it.each(['manual', 'server'] as const)('never throws with %s turn detection', (turnDetection) => {
    translated = 0
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 40 }),
        fc.constantFrom('socket', 'track' as const),
        (steps, media) => {
          const adapter = createAdapter(protocol, { turnDetection, media, idPrefix: 'fz' })
          drive(adapter, steps)
          expect(adapter.stats.frames).toBe(steps.filter((s) => 'frame' in s).length)
        },
      ),
      { numRuns: 1200 },
    )
    // About 140 (Model-R) and 210 (live type) events in 1,200 runs, varying by a few dozen with the seed:
    // 50 says the frames reached the handlers without failing on a run that happens to draw fewer.
    expect(translated).toBeGreaterThan(50)
  })
})
