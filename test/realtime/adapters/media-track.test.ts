// Sessions whose audio travels on WebRTC media tracks: no audio becomes an event, a barge-in asks the
// service to drop what it has not played (it knows what that was), and the service's playback events
// tell the engine the model is speaking.
import { describe, expect, test } from 'vitest'
import { LiveAdapter } from '../../../main/realtime/adapters/live/live-adapter'
import { ModelRAdapter } from '../../../main/realtime/adapters/model-r/model-r-adapter'

const PCM = new Int16Array(320)
const parse = (frames: string[]): unknown[] => frames.map((f) => JSON.parse(f) as unknown)

describe('Model-R on a media track', () => {
  test('sends no audio, and interrupts with cancel and a clear of the output buffer, never a truncate', () => {
    const a = new ModelRAdapter({ idPrefix: 't', media: 'track' })
    expect(a.encode({ type: 'appendAudio', pcm16k: PCM })).toEqual([])
    a.receive(JSON.stringify({ type: 'response.created', response: { id: 'resp_1' } }))
    expect(parse(a.encode({ type: 'interrupt', itemId: 'item_1', playedMs: 900 }))).toEqual([
      { type: 'response.cancel', event_id: 'evt_t_1', response_id: 'resp_1' },
      { type: 'output_audio_buffer.clear', event_id: 'evt_t_2' },
    ])
    // The same commands on a socket still carry audio and cut the item.
    const socket = new ModelRAdapter({ idPrefix: 't' })
    expect(socket.encode({ type: 'appendAudio', pcm16k: PCM })).toHaveLength(1)
  })

  test('reads the service playback events as the model voice starting and stopping', () => {
    const a = new ModelRAdapter({ media: 'track' })
    const events = [
      ...a.receive('{"type":"output_audio_buffer.started","response_id":"resp_1"}'),
      ...a.receive('{"type":"output_audio_buffer.stopped","response_id":"resp_1"}'),
      ...a.receive('{"type":"output_audio_buffer.cleared"}'),
    ]
    expect(events).toEqual([
      { type: 'audio.remote', phase: 'started', responseId: 'resp_1' },
      { type: 'audio.remote', phase: 'stopped', responseId: 'resp_1' },
      { type: 'audio.remote', phase: 'stopped', responseId: null },
    ])
    expect(a.stats.unknownEvents).toBe(0)
  })
})

describe('live type on a media track', () => {
  test('sends no audio but still opens and closes the turn', () => {
    const a = new LiveAdapter({ media: 'track' })
    expect(a.encode({ type: 'appendAudio', pcm16k: PCM })).toEqual([])
    expect(parse(a.encode({ type: 'startTurn' }))).toEqual([{ realtimeInput: { activityStart: {} } }])
    expect(parse(a.encode({ type: 'commitTurn' }))).toEqual([{ realtimeInput: { activityEnd: {} } }])
  })
})
