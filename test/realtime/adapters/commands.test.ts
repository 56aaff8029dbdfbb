// Commands produce exactly the documented wire JSON (realtime-protocols.md §2.2, §3.2).
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { LiveAdapter } from '../../../main/realtime/adapters/live/live-adapter'
import { ModelRAdapter } from '../../../main/realtime/adapters/model-r/model-r-adapter'
import type { RealtimeAdapter } from '../../../main/realtime/adapters/adapter'
import { int16ToBase64 } from '../../../main/audio/pcm'

const SAMPLES = new Int16Array([0, 1, -1, 32767, -32768])
const SAMPLES_BASE64 = 'AAABAP///38AgA=='
const parse = (frames: string[]): unknown[] => frames.map((f) => JSON.parse(f) as unknown)

function modelRWithAudio(samplesPerDelta: number[]): ModelRAdapter {
  const a = new ModelRAdapter({ idPrefix: 't' })
  a.receive(JSON.stringify({ type: 'response.created', event_id: 'e0', response: { id: 'resp_1' } }))
  for (const n of samplesPerDelta) {
    const delta = int16ToBase64(new Int16Array(n))
    a.receive(
      JSON.stringify({
        type: 'response.output_audio.delta',
        response_id: 'resp_1',
        item_id: 'item_1',
        delta,
      }),
    )
  }
  return a
}

function truncateMs(frames: string[]): number | undefined {
  const truncate = parse(frames).find((f) => (f as { type: string }).type === 'conversation.item.truncate')
  return (truncate as { audio_end_ms?: number } | undefined)?.audio_end_ms
}

describe('Model-R commands', () => {
  test('each command encodes to the documented client events', () => {
    const a = new ModelRAdapter({ idPrefix: 't' })
    expect(parse(a.encode({ type: 'appendAudio', pcm16k: SAMPLES }))).toEqual([
      { type: 'input_audio_buffer.append', audio: SAMPLES_BASE64 },
    ])
    expect(a.encode({ type: 'startTurn' })).toEqual([])
    expect(parse(a.encode({ type: 'commitTurn' }))).toEqual([
      { type: 'input_audio_buffer.commit', event_id: 'evt_t_1' },
      { type: 'response.create', event_id: 'evt_t_2' },
    ])
    expect(parse(a.encode({ type: 'clearInput' }))).toEqual([
      { type: 'input_audio_buffer.clear', event_id: 'evt_t_3' },
    ])
    expect(a.encode({ type: 'endAudioStream' })).toEqual([])
    expect(
      parse(a.encode({ type: 'sendToolResult', callId: 'call_1', name: 'get_weather', output: '{"c":31}' })),
    ).toEqual([
      {
        type: 'conversation.item.create',
        event_id: 'evt_t_4',
        item: { type: 'function_call_output', call_id: 'call_1', output: '{"c":31}' },
      },
      { type: 'response.create', event_id: 'evt_t_5' },
    ])
  })

  test('interrupt cancels the running response once and truncates the item to whole, received ms', () => {
    const a = modelRWithAudio([240, 240, 1])
    expect(parse(a.encode({ type: 'interrupt', playedMs: 1e9 }))).toEqual([
      { type: 'response.cancel', event_id: 'evt_t_1', response_id: 'resp_1' },
      // 481 samples at 24 kHz = 20.04 ms: never round up past the audio.
      {
        type: 'conversation.item.truncate',
        event_id: 'evt_t_2',
        item_id: 'item_1',
        content_index: 0,
        audio_end_ms: 20,
      },
    ])
    expect(parse(a.encode({ type: 'interrupt', itemId: 'item_1', playedMs: 12.99 }))).toEqual([
      {
        type: 'conversation.item.truncate',
        event_id: 'evt_t_3',
        item_id: 'item_1',
        content_index: 0,
        audio_end_ms: 12,
      },
    ])
    expect(truncateMs(a.encode({ type: 'interrupt', playedMs: -4 }))).toBe(0)
    expect(truncateMs(a.encode({ type: 'interrupt', playedMs: Number.NaN }))).toBe(0)
    // No audio was received for an unknown item, so nothing can be cut.
    expect(a.encode({ type: 'interrupt', itemId: 'item_other', playedMs: 5 })).toEqual([])
  })

  test('after the response is done, interrupt only truncates; with nothing received it sends nothing', () => {
    const a = modelRWithAudio([2400])
    a.receive(
      JSON.stringify({
        type: 'response.done',
        event_id: 'e9',
        response: { id: 'resp_1', status: 'completed' },
      }),
    )
    expect(parse(a.encode({ type: 'interrupt', playedMs: 40 }))).toEqual([
      {
        type: 'conversation.item.truncate',
        event_id: 'evt_t_1',
        item_id: 'item_1',
        content_index: 0,
        audio_end_ms: 40,
      },
    ])
    expect(new ModelRAdapter().encode({ type: 'interrupt', playedMs: 40 })).toEqual([])
  })

  test('truncate is always a whole number of ms within the received audio', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 5 }),
        fc.double({ noNaN: false }),
        (deltas, playedMs) => {
          const ms = truncateMs(modelRWithAudio(deltas).encode({ type: 'interrupt', playedMs }))
          const receivedMs = Math.floor((deltas.reduce((s, n) => s + n, 0) * 1000) / 24_000)
          expect(Number.isInteger(ms)).toBe(true)
          expect(ms).toBeGreaterThanOrEqual(0)
          expect(ms).toBeLessThanOrEqual(receivedMs)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('live-type commands', () => {
  const audioFrame = { realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: SAMPLES_BASE64 } } }
  const toolFrame = {
    toolResponse: {
      functionResponses: [{ id: 'function-call-1', name: 'get_weather', response: { output: 'sunny' } }],
    },
  }
  const all = (a: RealtimeAdapter, pcm16k: Int16Array = SAMPLES): unknown[][] => [
    parse(a.encode({ type: 'appendAudio', pcm16k })),
    parse(a.encode({ type: 'startTurn' })),
    parse(a.encode({ type: 'startTurn' })),
    parse(a.encode({ type: 'commitTurn' })),
    parse(a.encode({ type: 'commitTurn' })),
    parse(a.encode({ type: 'interrupt', playedMs: 10 })),
    parse(a.encode({ type: 'clearInput' })),
    parse(a.encode({ type: 'endAudioStream' })),
    parse(
      a.encode({ type: 'sendToolResult', callId: 'function-call-1', name: 'get_weather', output: 'sunny' }),
    ),
  ]

  test('manual activity: activityStart once per activity, activityEnd closes it, no audioStreamEnd', () => {
    expect(all(new LiveAdapter({ turnDetection: 'manual' }))).toEqual([
      [audioFrame],
      [{ realtimeInput: { activityStart: {} } }],
      [],
      [{ realtimeInput: { activityEnd: {} } }],
      [],
      [{ realtimeInput: { activityStart: {} } }],
      [],
      [],
      [toolFrame],
    ])
  })

  test('automatic detection: no activity signals; commit and mic pause are audioStreamEnd', () => {
    expect(all(new LiveAdapter({ turnDetection: 'server' }))).toEqual([
      [audioFrame],
      [],
      [],
      [{ realtimeInput: { audioStreamEnd: true } }],
      [{ realtimeInput: { audioStreamEnd: true } }],
      [],
      [],
      [{ realtimeInput: { audioStreamEnd: true } }],
      [toolFrame],
    ])
  })

  test('an interrupt in automatic mode sends nothing but drops the turn audio until turnComplete', () => {
    const a = new LiveAdapter({ turnDetection: 'server', idPrefix: 't' })
    const audio = JSON.stringify({
      serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm', data: 'AAAA' } }] } },
    })
    expect(a.receive(audio).map((e) => e.type)).toEqual([
      'turn.userCommitted',
      'response.started',
      'audio.delta',
    ])
    expect(a.encode({ type: 'interrupt', playedMs: 0 })).toEqual([])
    expect(a.receive(audio)).toEqual([])
    expect(a.receive('{"serverContent":{"turnComplete":true}}').at(-1)).toEqual({
      type: 'response.done',
      responseId: 't-resp-1',
      status: 'interrupted',
      reason: null,
    })
    expect(a.receive(audio).map((e) => e.type)).toEqual([
      'turn.userCommitted',
      'response.started',
      'audio.delta',
    ])
  })
})
