// The session engine over the in-memory transport pair and a scripted service (Model-R wire unless a
// test says otherwise): states, pre-roll, short presses, barge-in, ending.
import { describe, expect, it } from 'vitest'
import { asInt16, harness } from '../support/engine-harness'

describe('a push-to-talk turn', () => {
  it('goes idle -> creating -> connecting -> listening -> thinking -> speaking -> ready', async () => {
    const h = harness()
    await h.turn(400)
    const socket = h.service.lastSocket
    expect(socket.running).not.toBeNull()
    socket.finish()
    await h.settle()
    h.clock.advance(1_000)
    await h.settle()
    expect(h.states()).toEqual(['creating', 'connecting', 'listening', 'thinking', 'speaking', 'ready'])
    expect(socket.kinds().filter((k) => k !== 'input_audio_buffer.append')).toEqual([
      'input_audio_buffer.commit',
      'response.create',
    ])
    expect(h.of('error')).toEqual([])
  })

  it('returns to ready when the timer that waits out playback fires before the clock says it is over', async () => {
    const h = harness()
    h.clock.earlyMs = 3
    await h.turn(400)
    h.service.lastSocket.finish()
    await h.settle()
    h.clock.advance(1_000)
    await h.settle()
    expect(h.engine.state).toBe('ready')
  })

  it('captions both sides, by item, and plays the answer as Float32 at the output rate', async () => {
    const h = harness({}, { outputRateHz: 48_000 })
    h.engine.warm()
    await h.settle()
    h.engine.press()
    h.talk(300)
    h.engine.release()
    await h.settle()
    h.service.lastSocket.finish()
    await h.settle()
    const user = h.of('caption').filter((c) => c.role === 'user')
    expect(user.at(-1)).toMatchObject({ text: 'hello there', final: true })
    const assistant = h.of('caption').filter((c) => c.role === 'assistant')
    expect(assistant.map((c) => c.text)).toEqual(['w1 ', 'w1 w2 ', 'w1 w2 w3 ', 'w1 w2 w3'])
    expect(assistant.at(-1)).toMatchObject({ final: true, cancelled: false, responseId: 'resp_1' })
    // Three 100 ms chunks at 24 kHz, resampled to 48 kHz (the filter's tail is flushed at the end).
    expect(h.sink.samplesOf('resp_1')).toBeGreaterThanOrEqual(3 * 4_800)
    expect(h.sink.chunks.every((c) => c.chunk.rateHz === 48_000)).toBe(true)
    expect(h.of('response').map((r) => r.phase)).toEqual(['started', 'done'])
  })

  it('ends with DELETE and a summary of cost and tokens', async () => {
    const h = harness()
    await h.turn(300)
    h.service.lastSocket.finish()
    await h.settle()
    const summary = await h.engine.end()
    expect(h.service.calls).toEqual(['create', 'delete sess_1'])
    expect(summary).toMatchObject({ costVnd: 123, turns: 1, responses: 1 })
    expect(summary.tokens.total).toBe(30)
    expect(summary.sessions).toEqual([
      { id: 'sess_1', model: 'test/model', totalVnd: 123, durationSec: 12, endReason: 'client_deleted' },
    ])
    expect(h.states().slice(-2)).toEqual(['ending', 'ended'])
    expect(h.of('summary')).toHaveLength(1)
  })
})

describe('pre-roll', () => {
  it('keeps every frame captured before the socket was ready and sends them first, in order', async () => {
    const h = harness()
    h.service.holdCreates = true
    h.engine.press()
    const before = h.talk(700)
    expect(h.engine.state).toBe('creating')
    h.service.releaseCreates()
    await h.settle()
    const after = h.talk(300)
    h.engine.release()
    await h.settle()
    const socket = h.service.lastSocket
    expect(socket.audio).toEqual(asInt16(new Float32Array([...before, ...after])))
    expect(socket.kinds().at(-2)).toBe('input_audio_buffer.commit')
  })

  it('sends a held backlog no faster than the burst allowance, then in real time', async () => {
    const h = harness({}, { burstMs: 500 })
    h.service.holdCreates = true
    h.engine.press()
    h.talk(2_000)
    h.service.releaseCreates()
    await h.settle()
    const socket = h.service.lastSocket
    // At connect: the burst only.
    expect(socket.audio.length).toBe(500 * 16)
    h.clock.advance(1_000)
    await h.settle()
    expect(socket.audio.length).toBe(1_500 * 16)
    h.clock.advance(1_000)
    await h.settle()
    expect(socket.audio.length).toBe(2_000 * 16)
  })
})

describe('a press shorter than 100 ms', () => {
  it('is cleared on Model-R: no commit, no error', async () => {
    const h = harness()
    h.engine.warm()
    await h.settle()
    h.engine.press()
    h.talk(60)
    h.engine.release()
    await h.settle()
    const socket = h.service.lastSocket
    expect(socket.kinds()).toContain('input_audio_buffer.clear')
    expect(socket.kinds()).not.toContain('input_audio_buffer.commit')
    expect(h.of('turn')).toEqual([{ type: 'turn', phase: 'discarded', turnId: 1, audioMs: 60 }])
    expect(h.of('error')).toEqual([])
    expect(h.engine.state).toBe('ready')
  })

  it('sends nothing at all when it never left the pre-roll', async () => {
    const h = harness()
    h.service.holdCreates = true
    h.engine.press()
    h.talk(40)
    h.engine.release()
    h.service.releaseCreates()
    await h.settle()
    expect(h.service.lastSocket.messages).toEqual([])
    expect(h.engine.state).toBe('ready')
  })
})

describe('barge-in', () => {
  it('stops playback, cancels the answer and truncates it to what was heard', async () => {
    const h = harness()
    await h.turn(300)
    expect(h.engine.state).toBe('speaking')
    const socket = h.service.lastSocket
    h.sink.heardMs = 137
    const stopsBefore = h.sink.stops
    h.engine.press()
    await h.settle()
    expect(h.sink.stops).toBe(stopsBefore + 1)
    const cancel = socket.messages.find((m) => m.type === 'response.cancel')
    const truncate = socket.messages.find((m) => m.type === 'conversation.item.truncate')
    expect(cancel).toMatchObject({ response_id: 'resp_1' })
    expect(truncate).toMatchObject({ item_id: 'item_1', content_index: 0, audio_end_ms: 137 })
    expect(h.engine.state).toBe('listening')
  })

  it('estimates the heard ms by the clock when the player cannot say', async () => {
    const h = harness()
    await h.turn(300)
    h.clock.advance(120)
    h.engine.press()
    await h.settle()
    const truncate = h.service.lastSocket.messages.find((m) => m.type === 'conversation.item.truncate')
    expect(truncate).toMatchObject({ audio_end_ms: 120 })
  })

  it('never plays late audio of the cancelled answer', async () => {
    const h = harness()
    await h.turn(300)
    const socket = h.service.lastSocket
    const playedBefore = h.sink.samplesOf('resp_1')
    h.engine.press()
    // Deltas already in flight when the cancel left.
    socket.end.send({
      type: 'response.output_audio.delta',
      response_id: 'resp_1',
      item_id: 'item_1',
      output_index: 0,
      content_index: 0,
      delta: Buffer.alloc(4_800).toString('base64'),
    })
    await h.settle()
    expect(h.sink.samplesOf('resp_1')).toBe(playedBefore)
    const assistant = h.of('caption').filter((c) => c.role === 'assistant')
    expect(
      assistant.every((c) => c.cancelled === false || c.final === false || c.responseId === 'resp_1'),
    ).toBe(true)
  })
})
