// Sessions whose audio travels on WebRTC media tracks: a barge-in asks the service to drop what it has
// not played (it knows what that was), and the service's playback events tell the engine the model is
// speaking.
import { describe, expect, test } from 'vitest'
import { ModelRAdapter } from '../../../main/realtime/adapters/model-r/model-r-adapter'

const parse = (frames: string[]): unknown[] => frames.map((f) => JSON.parse(f) as unknown)

describe('Model-R on a media track', () => {
  test('interrupts with cancel and a clear of the output buffer, never a truncate', () => {
    const a = new ModelRAdapter({ idPrefix: 't', media: 'track' })
    a.receive(JSON.stringify({ type: 'response.created', response: { id: 'resp_1' } }))
    expect(parse(a.encode({ type: 'interrupt', itemId: 'item_1', playedMs: 900 }))).toEqual([
      { type: 'response.cancel', event_id: 'evt_t_1', response_id: 'resp_1' },
      { type: 'output_audio_buffer.clear', event_id: 'evt_t_2' },
    ])
    // On a socket the same barge-in cuts the item to what the client played.
    const socket = new ModelRAdapter({ idPrefix: 't' })
    socket.receive(JSON.stringify({ type: 'response.created', response: { id: 'resp_1' } }))
    socket.receive(
      JSON.stringify({
        type: 'response.output_audio.delta',
        response_id: 'resp_1',
        item_id: 'item_1',
        delta: 'AAAAAA==',
      }),
    )
    const kinds = parse(socket.encode({ type: 'interrupt', itemId: 'item_1', playedMs: 0 })).map(
      (f) => (f as { type: string }).type,
    )
    expect(kinds).toEqual(['response.cancel', 'conversation.item.truncate'])
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
