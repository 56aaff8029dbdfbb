// Constructed Model-R frames (GA and beta names) in, the exact app event sequence out.
import { describe, expect, test } from 'vitest'
import { ModelRAdapter } from '../../../main/realtime/adapters/model-r/model-r-adapter'
import { fixtureFrames, play } from './support'

const adapter = (): ModelRAdapter => new ModelRAdapter({ idPrefix: 'test' })

describe('Model-R adapter: turns', () => {
  test('a full GA manual turn, with the user transcript arriving mid-response', () => {
    const a = adapter()
    expect(play(a, 'model-r/ga-manual-turn.jsonl').lines).toEqual([
      'session.ready sess_R1',
      '> {"type":"input_audio_buffer.commit","event_id":"evt_test_1"}',
      '> {"type":"response.create","event_id":"evt_test_2"}',
      'turn.userCommitted item_U1',
      'response.started resp_1',
      'assistant.delta resp_1 item_A1 audio "Xin "',
      'audio.delta resp_1 item_A1 240@24000',
      'user.delta item_U1 +"Hello"',
      'assistant.delta resp_1 item_A1 audio "chào!"',
      'audio.delta resp_1 item_A1 480@24000',
      'user.final item_U1 "Hello there."',
      'audio.done resp_1 item_A1',
      'assistant.final resp_1 item_A1 audio "Xin chào!"',
      'usage resp_1 in a60 t120 c64 =180 out a55 t18 =73 total 253',
      'response.done resp_1 completed',
    ])
    // Item, content-part, rate-limit and conversation events are known and deliberately silent.
    expect(a.stats).toEqual({ frames: 22, unknownEvents: 0, invalidEvents: 0, droppedAudioDeltas: 0 })
  })

  test('the same turn with beta names', () => {
    expect(play(adapter(), 'model-r/beta-manual-turn.jsonl').lines).toEqual([
      'session.ready sess_B1',
      '> {"type":"input_audio_buffer.commit","event_id":"evt_test_1"}',
      '> {"type":"response.create","event_id":"evt_test_2"}',
      'turn.userCommitted item_U1',
      'response.started resp_1',
      'assistant.delta resp_1 item_A1 audio "Hi"',
      'audio.delta resp_1 item_A1 240@24000',
      'audio.done resp_1 item_A1',
      'assistant.final resp_1 item_A1 audio "Hi"',
      'user.final item_U1 "Hey"',
      'usage resp_1 in a15 t5 c0 =20 out a8 t2 =10 total 30',
      'response.done resp_1 completed',
    ])
  })

  test('a server-VAD turn reports speech start and stop with the future user item', () => {
    expect(play(adapter(), 'model-r/server-vad-turn.jsonl').lines).toEqual([
      'session.ready sess_R1',
      'speech.started item_U1 @1000',
      'speech.stopped item_U1 @2400',
      'turn.userCommitted item_U1',
      'response.started resp_1',
      'audio.delta resp_1 item_A1 240@24000',
      'assistant.delta resp_1 item_A1 audio "Sure."',
      'audio.done resp_1 item_A1',
      'assistant.final resp_1 item_A1 audio "Sure."',
      'usage resp_1 in a60 t120 c64 =180 out a55 t18 =73 total 253',
      'response.done resp_1 completed',
    ])
  })

  test('an interrupted turn: cancel + truncate to what was heard, late deltas dropped, text flagged', () => {
    const a = adapter()
    expect(play(a, 'model-r/interrupted-turn.jsonl').lines).toEqual([
      'session.ready sess_R1',
      'turn.userCommitted item_U1',
      'response.started resp_1',
      'audio.delta resp_1 item_A1 240@24000',
      'audio.delta resp_1 item_A1 240@24000',
      'assistant.delta resp_1 item_A1 audio "Once upon"',
      // 480 samples at 24 kHz = 20 ms received; 15.7 ms played becomes 15.
      '> {"type":"response.cancel","event_id":"evt_test_1","response_id":"resp_1"}',
      '> {"type":"conversation.item.truncate","event_id":"evt_test_2","item_id":"item_A1","content_index":0,"audio_end_ms":15}',
      'assistant.delta resp_1 item_A1 audio " a time" cancelled',
      'audio.done resp_1 item_A1 cancelled',
      'assistant.final resp_1 item_A1 audio "Once upon a time" cancelled',
      'item.truncated item_A1 @15',
      'usage resp_1 in a60 t120 c64 =180 out a55 t18 =73 total 253',
      'response.done resp_1 cancelled (client_cancelled)',
      'turn.userCommitted item_U2',
      'response.started resp_2',
      'audio.delta resp_2 item_A2 480@24000',
      'speech.started item_U3 @9100',
      'audio.done resp_2 item_A2',
      'response.done resp_2 interrupted (turn_detected)',
    ])
    expect(a.stats.droppedAudioDeltas).toBe(1)
  })

  test('user transcripts are placed by item id whether they come before or after the response', () => {
    expect(play(adapter(), 'model-r/user-transcript-order.jsonl').lines).toEqual([
      'session.ready sess_R1',
      'turn.userCommitted item_U1',
      'user.delta item_U1 +"What time"',
      'user.final item_U1 "What time is it?"',
      'response.started resp_1',
      'assistant.delta resp_1 item_A1 audio "Noon."',
      'audio.done resp_1 item_A1',
      'assistant.final resp_1 item_A1 audio "Noon."',
      'usage resp_1 in a60 t120 c64 =180 out a55 t18 =73 total 253',
      'response.done resp_1 completed',
      'turn.userCommitted item_U2',
      'response.started resp_2',
      'assistant.delta resp_2 item_A2 audio "Yes."',
      'audio.done resp_2 item_A2',
      'assistant.final resp_2 item_A2 audio "Yes."',
      'usage resp_2 in a60 t120 c64 =180 out a55 t18 =73 total 253',
      'response.done resp_2 completed',
      'user.delta item_U2 +"Really?"',
      'user.final item_U2 "Really?"',
    ])
  })

  test('text modality, GA then beta names', () => {
    expect(play(adapter(), 'model-r/text-modality.jsonl').lines).toEqual([
      'response.started resp_1',
      'assistant.delta resp_1 item_A1 text "Two "',
      'assistant.delta resp_1 item_A1 text "words"',
      'assistant.final resp_1 item_A1 text "Two words"',
      'response.done resp_1 completed',
      'response.started resp_2',
      'assistant.delta resp_2 item_A2 text "Beta"',
      'assistant.final resp_2 item_A2 text "Beta"',
      'response.done resp_2 incomplete (max_output_tokens)',
    ])
  })

  test('a function call', () => {
    expect(play(adapter(), 'model-r/function-call.jsonl').lines).toEqual([
      'response.started resp_1',
      'tool.call call_1 get_weather {"city":"Hanoi"}',
      'response.done resp_1 completed',
    ])
  })
})

describe('Model-R adapter: errors', () => {
  test('errors name the command they answer through event_id, and none of them is fatal', () => {
    const a = adapter()
    expect(play(a, 'model-r/errors.jsonl').lines).toEqual([
      '> {"type":"input_audio_buffer.commit","event_id":"evt_test_1"}',
      '> {"type":"response.create","event_id":"evt_test_2"}',
      'error input_audio_buffer_commit_empty "Error committing input audio buffer: buffer too small. Expected at least 100ms of audio, but buffer only has 0.00ms of audio." event=evt_test_1 client=input_audio_buffer.commit item=null',
      // Interrupting before `response.created`: cancel without an id, and drop that response when it comes.
      '> {"type":"response.cancel","event_id":"evt_test_3"}',
      'error response_cancel_not_active "Cancellation failed: no active response found" event=evt_test_3 client=response.cancel item=null',
      'response.started resp_1',
      'response.done resp_1 completed',
      'response.started resp_2',
      '> {"type":"input_audio_buffer.commit","event_id":"evt_test_4"}',
      '> {"type":"response.create","event_id":"evt_test_5"}',
      'error conversation_already_has_active_response "Conversation already has an active response" event=evt_test_5 client=response.create item=null',
      // The refused create left resp_2 running: that is what gets cancelled.
      '> {"type":"response.cancel","event_id":"evt_test_6","response_id":"resp_2"}',
      'error invalid_event "The server had an error." event=null client=null item=null',
      'error server_error "No code here." event=null client=null item=null',
      'error audio_unintelligible "Audio could not be transcribed." event=null client=null item=item_U9',
    ])
    expect(a.stats.droppedAudioDeltas).toBe(1)
  })
})

describe('Model-R adapter: audio', () => {
  test('audio deltas decode to exactly the samples sent', () => {
    const a = adapter()
    const frames = fixtureFrames('model-r/ga-manual-turn.jsonl')
    const deltas = frames.filter((f) => f.type === 'response.output_audio.delta')
    const events = frames.flatMap((f) => a.receive(JSON.stringify(f)))
    const pcm = events.flatMap((e) => (e.type === 'audio.delta' ? [e.pcm] : []))
    expect(pcm).toHaveLength(2)
    pcm.forEach((samples, i) => {
      const bytes = Buffer.from(String(deltas[i]?.delta), 'base64')
      expect(samples.length * 2).toBe(bytes.length)
      samples.forEach((s, j) => expect(s).toBe(bytes.readInt16LE(j * 2)))
    })
  })

  test('unknown event types are ignored and counted, known ones with bad fields are counted as invalid', () => {
    const a = adapter()
    expect(a.receive('{"type":"response.mcp_call.in_progress","event_id":"e1"}')).toEqual([])
    expect(a.receive('{"type":"constructor"}')).toEqual([])
    expect(a.receive('{"type":"__proto__"}')).toEqual([])
    expect(a.receive('{"serverContent":{"turnComplete":true}}')).toEqual([])
    expect(
      a.receive('{"type":"response.output_audio.delta","response_id":"r","item_id":"i","delta":7}'),
    ).toEqual([])
    expect(a.receive('{"type":"response.done","response":null}')).toEqual([])
    expect(a.stats).toEqual({ frames: 6, unknownEvents: 4, invalidEvents: 2, droppedAudioDeltas: 0 })
  })
})
