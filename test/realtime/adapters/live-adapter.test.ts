// Constructed live-type frames in, the exact app event sequence out: synthesized per-turn ids,
// several fields in one frame, interrupts with late content, Vertex shapes, binary frames.
import { describe, expect, test } from 'vitest'
import type { TurnDetection } from '../../../main/realtime/adapters/adapter'
import { LiveAdapter } from '../../../main/realtime/adapters/live/live-adapter'
import { pcmRateHz } from '../../../main/realtime/adapters/live/live-server-content'
import { durationMs } from '../../../main/realtime/adapters/live/live-events'
import { play } from './support'

const adapter = (turnDetection: TurnDetection = 'manual'): LiveAdapter =>
  new LiveAdapter({ idPrefix: 'test', turnDetection })
const sc = (content: object, extra: object = {}): string =>
  JSON.stringify({ serverContent: content, ...extra })

describe('live adapter: turns', () => {
  test('a manual activity turn; usage beside turnComplete is credited to that turn', () => {
    const a = adapter()
    expect(play(a, 'live/manual-activity-turn.jsonl').lines).toEqual([
      'session.ready null',
      '> {"realtimeInput":{"activityStart":{}}}',
      '> {"realtimeInput":{"activityEnd":{}}}',
      'user.delta test-user-1 +"Xin chào"',
      'turn.userCommitted test-user-1',
      'response.started test-resp-1',
      'audio.delta test-resp-1 test-item-1 480@24000',
      'assistant.delta test-resp-1 test-item-1 audio "Chào"',
      'audio.delta test-resp-1 test-item-1 240@24000',
      'assistant.delta test-resp-1 test-item-1 audio " bạn!"',
      // User text after the reply started still belongs to the answered utterance.
      'user.delta test-user-1 +" bạn."',
      'user.final test-user-1 "Xin chào bạn."',
      'audio.done test-resp-1 test-item-1',
      'response.ending test-resp-1 generationComplete',
      'usage test-resp-1 in a80 t40 c0 =120 out a60 t0 =60 total 180',
      'assistant.final test-resp-1 test-item-1 audio "Chào bạn!"',
      'response.done test-resp-1 completed',
    ])
    expect(a.stats).toEqual({ frames: 8, unknownEvents: 0, invalidEvents: 0, droppedAudioDeltas: 0 })
  })

  test('an automatic-VAD turn: interim text replaces, confirmed text replaces the interim, usage alone', () => {
    expect(play(adapter('server'), 'live/auto-vad-turn.jsonl').lines).toEqual([
      'session.ready null',
      'speech.started null @200',
      'user.delta test-user-1 ="por cierto"',
      'user.delta test-user-1 ="Por cierto,"',
      'user.delta test-user-1 ="Por cierto, cuando"',
      '> {"realtimeInput":{"audioStreamEnd":true}}',
      'user.delta test-user-1 ="Por cierto, cuando llega?"',
      'speech.stopped null @8400',
      'turn.userCommitted test-user-1',
      'response.started test-resp-1',
      'audio.delta test-resp-1 test-item-1 240@24000',
      'assistant.delta test-resp-1 test-item-1 audio "Mañana."',
      'audio.done test-resp-1 test-item-1',
      'response.ending test-resp-1 generationComplete',
      'assistant.final test-resp-1 test-item-1 audio "Mañana."',
      'user.final test-user-1 "Por cierto, cuando llega?"',
      'response.done test-resp-1 completed',
      'usage test-resp-1 in a80 t40 c0 =120 out a60 t0 =60 total 180',
      'speech.started null @9000',
      'user.delta test-user-2 ="Gracias"',
    ])
  })

  test('interrupted turns: server barge-in, then client barge-in; late audio dropped until turnComplete', () => {
    const a = adapter()
    expect(play(a, 'live/interrupted-turn.jsonl').lines).toEqual([
      'session.ready null',
      'user.delta test-user-1 +"Tell me a story"',
      'turn.userCommitted test-user-1',
      'response.started test-resp-1',
      'audio.delta test-resp-1 test-item-1 240@24000',
      'assistant.delta test-resp-1 test-item-1 audio "Once"',
      'user.final test-user-1 "Tell me a story"',
      'response.ending test-resp-1 interrupted',
      'assistant.delta test-resp-1 test-item-1 audio " upon" cancelled',
      // What the user said over the model is a new utterance.
      'user.delta test-user-2 +"Stop."',
      'audio.done test-resp-1 test-item-1 cancelled',
      'assistant.final test-resp-1 test-item-1 audio "Once upon" cancelled',
      'response.done test-resp-1 interrupted',
      'turn.userCommitted test-user-2',
      'response.started test-resp-2',
      'audio.delta test-resp-2 test-item-2 240@24000',
      '> {"realtimeInput":{"activityStart":{}}}',
      // Events caused by the command come out with the next frame.
      'user.final test-user-2 "Stop."',
      'response.ending test-resp-2 interrupted',
      'audio.done test-resp-2 test-item-2 cancelled',
      'response.done test-resp-2 interrupted',
      '> {"realtimeInput":{"activityEnd":{}}}',
      'turn.userCommitted test-user-3',
      'response.started test-resp-3',
      'audio.delta test-resp-3 test-item-3 240@24000',
      'audio.done test-resp-3 test-item-3',
      'response.done test-resp-3 completed',
    ])
    expect(a.stats.droppedAudioDeltas).toBe(2)
  })

  test('Vertex shapes: audio/pcm without a rate is 24 kHz, an empty outputTranscription adds nothing', () => {
    const a = adapter()
    expect(play(a, 'live/vertex-audio.jsonl').lines).toEqual([
      'session.ready a1b2c3d4-e5f6-7890-abcd-ef0123456789',
      'turn.userCommitted test-user-1',
      'response.started test-resp-1',
      'audio.delta test-resp-1 test-item-1 4800@24000',
      'audio.delta test-resp-1 test-item-1 160@16000',
      'audio.done test-resp-1 test-item-1',
      'response.ending test-resp-1 generationComplete',
      'usage test-resp-1 in a0 t0 c0 =10 out a5 t0 =5 total 15',
      'response.done test-resp-1 completed',
    ])
    // The image/jpeg part is not audio.
    expect(a.stats.invalidEvents).toBe(1)
  })

  test('session life: resumption updates, usage before any turn, tools, thoughts hidden, goAway', () => {
    const a = adapter()
    expect(play(a, 'live/session-lifecycle.jsonl').lines).toEqual([
      'session.ready null',
      'resumption CiQ2YjY0 resumable',
      'usage null in a0 t7 c3 =7 out a0 t0 =0 total 7',
      'tool.call function-call-123 get_weather {"city":"Hue"}',
      'tool.cancelled function-call-123',
      'turn.userCommitted test-user-1',
      'response.started test-resp-1',
      'assistant.delta test-resp-1 test-item-1 text "Sunny."',
      'assistant.final test-resp-1 test-item-1 text "Sunny."',
      'response.done test-resp-1 incomplete (NEED_MORE_INPUT)',
      'goAway 50000',
      'goAway 500',
      'goAway null',
    ])
    expect(a.stats).toEqual({ frames: 13, unknownEvents: 0, invalidEvents: 1, droppedAudioDeltas: 0 })
  })

  test('binary frames carry the same JSON as text frames; bad frames are reported, not thrown', () => {
    expect(play(adapter(), 'live/binary-frames.jsonl').lines).toEqual([
      'session.ready null',
      'user.delta test-user-1 +"Một hai ba"',
      'user.final test-user-1 "Một hai ba"',
      'turn.userCommitted test-user-1',
      'response.started test-resp-1',
      'audio.delta test-resp-1 test-item-1 240@24000',
      'assistant.delta test-resp-1 test-item-1 audio "Bốn năm"',
      'usage test-resp-1 in a80 t40 c0 =120 out a60 t0 =60 total 180',
      'audio.done test-resp-1 test-item-1',
      'assistant.final test-resp-1 test-item-1 audio "Bốn năm"',
      'response.done test-resp-1 completed',
      'service usage.settled {"amountVnd":12}',
      'malformed not JSON "not json"',
      'malformed not a JSON object "[1,2]"',
    ])
  })
})

describe('live adapter: end of turn without turnComplete', () => {
  test('endTurnNow closes the turn once; its late signals are ignored; new output opens a new turn', () => {
    const a = adapter('server')
    a.receive(sc({ inputTranscription: { text: 'hi' } }))
    a.receive(sc({ outputTranscription: { text: 'Hello' } }))
    expect(a.receive(sc({ generationComplete: true })).map((e) => e.type)).toEqual(['response.ending'])
    expect(a.endTurnNow()).toEqual([
      {
        type: 'transcript.assistant.final',
        responseId: 'test-resp-1',
        itemId: 'test-item-1',
        text: 'Hello',
        modality: 'audio',
        cancelled: false,
      },
      { type: 'transcript.user.final', itemId: 'test-user-1', text: 'hi' },
      { type: 'response.done', responseId: 'test-resp-1', status: 'completed', reason: null },
    ])
    expect(a.endTurnNow()).toEqual([])
    expect(a.receive(sc({ generationComplete: true, interrupted: true }))).toEqual([])
    expect(a.receive(sc({ turnComplete: true }))).toEqual([])
    const next = a
      .receive(sc({ outputTranscription: { text: 'Again' }, turnComplete: true }))
      .map((e) => e.type)
    expect(next).toEqual([
      'turn.userCommitted',
      'response.started',
      'transcript.assistant.delta',
      'transcript.assistant.final',
      'response.done',
    ])
  })

  test('a bare turnComplete still opens and closes a turn, so the app leaves its waiting state', () => {
    expect(adapter().receive(sc({ turnComplete: true }))).toEqual([
      { type: 'turn.userCommitted', itemId: 'test-user-1' },
      { type: 'response.started', responseId: 'test-resp-1' },
      { type: 'response.done', responseId: 'test-resp-1', status: 'completed', reason: null },
    ])
  })

  test('a refused turn is failed', () => {
    const events = adapter().receive(
      sc({ turnComplete: true, turnCompleteReason: 'PROHIBITED_INPUT_CONTENT' }),
    )
    expect(events.at(-1)).toEqual({
      type: 'response.done',
      responseId: 'test-resp-1',
      status: 'failed',
      reason: 'PROHIBITED_INPUT_CONTENT',
    })
  })
})

describe('live adapter: client activity', () => {
  test('a second startTurn while the activity is open sends nothing and keeps the utterance open', () => {
    const a = adapter()
    expect(a.encode({ type: 'startTurn' })).toEqual(['{"realtimeInput":{"activityStart":{}}}'])
    a.receive(sc({ interimInputTranscription: { text: 'Một' } }))
    expect(a.encode({ type: 'startTurn' })).toEqual([])
    expect(a.receive(sc({ interimInputTranscription: { text: 'Một hai' } }))).toEqual([
      { type: 'transcript.user.delta', itemId: 'test-user-1', text: 'Một hai', replace: true },
    ])
  })

  test('events a command causes come out ahead of the next frame, even a gateway one', () => {
    const a = adapter()
    a.receive(sc({ inputTranscription: { text: 'first' } }))
    a.encode({ type: 'commitTurn' })
    expect(a.encode({ type: 'startTurn' })).toHaveLength(1)
    expect(play(a, [{ recv: { svc: { type: 'session.active' } } }]).lines).toEqual([
      'user.final test-user-1 "first"',
      'service session.active {}',
    ])
  })
})

describe('live adapter: fields', () => {
  test('the output rate comes from the mime type, 24 kHz when absent', () => {
    expect(pcmRateHz('audio/pcm;rate=24000')).toBe(24_000)
    expect(pcmRateHz('audio/pcm; rate=16000')).toBe(16_000)
    expect(pcmRateHz('audio/pcm')).toBe(24_000)
    expect(pcmRateHz('AUDIO/PCM;RATE=48000')).toBe(48_000)
    expect(pcmRateHz('audio/pcm;rate=0')).toBeNull()
    expect(pcmRateHz('audio/pcm;rate=abc')).toBeNull()
    expect(pcmRateHz('audio/pcm;rate=9999999')).toBeNull()
    expect(pcmRateHz('audio/opus')).toBeNull()
  })

  test('durations: protobuf JSON strings and {seconds, nanos}', () => {
    expect(durationMs('50s')).toBe(50_000)
    expect(durationMs('0.000340s')).toBe(0)
    expect(durationMs('1.5s')).toBe(1500)
    expect(durationMs({ seconds: 2, nanos: 500_000_000 })).toBe(2500)
    expect(durationMs({ seconds: '3' })).toBe(3000)
    expect(durationMs('-5s')).toBeNull()
    expect(durationMs('soon')).toBeNull()
    expect(durationMs(50)).toBeNull()
  })

  test('a frame with `type` is not live-type; one with no known key is ignored; both are counted', () => {
    const a = adapter()
    expect(a.receive('{"type":"session.created","serverContent":{"turnComplete":true}}')).toEqual([])
    expect(a.receive('{"toString":{},"__proto__":{},"somethingNew":1}')).toEqual([])
    expect(a.receive('{"voiceActivityDetectionSignal":{"vadSignalType":"VAD_SIGNAL_TYPE_SOS"}}')).toEqual([])
    expect(a.stats).toEqual({ frames: 3, unknownEvents: 2, invalidEvents: 0, droppedAudioDeltas: 0 })
  })
})
