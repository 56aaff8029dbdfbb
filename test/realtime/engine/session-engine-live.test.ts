// The engine on the live-type wire: activity signals for turns, barge-in by activityStart, the turn that
// never completes, and hands-free mode.
import { describe, expect, it } from 'vitest'
import { asInt16, harness } from '../support/engine-harness'

describe('push-to-talk on the live type', () => {
  it('brackets the turn with activityStart / activityEnd and plays the answer', async () => {
    const h = harness({ wire: 'live' })
    h.engine.press()
    const said = h.talk(300)
    h.engine.release()
    await h.settle()
    const socket = h.service.lastSocket
    expect(socket.kinds()[0]).toBe('activityStart')
    expect(socket.kinds().at(-1)).toBe('activityEnd')
    expect(socket.audio).toEqual(asInt16(said))
    socket.finish()
    await h.settle()
    expect(
      h
        .of('caption')
        .filter((c) => c.role === 'user')
        .at(-1),
    ).toMatchObject({ text: 'hello there', final: true })
    expect(h.of('response').map((r) => r.phase)).toEqual(['started', 'done'])
    expect(h.sink.chunks.length).toBeGreaterThan(0)
  })

  it('barges in with activityStart and drops the old turn’s late audio', async () => {
    const h = harness({ wire: 'live' })
    h.engine.press()
    h.talk(300)
    h.engine.release()
    await h.settle()
    const socket = h.service.lastSocket
    const before = h.sink.chunks.length
    h.engine.press()
    // Output of the interrupted turn already in flight: sent before the server saw activityStart.
    socket.end.send({
      serverContent: {
        modelTurn: {
          parts: [
            { inlineData: { mimeType: 'audio/pcm;rate=24000', data: Buffer.alloc(960).toString('base64') } },
          ],
        },
      },
    })
    await h.settle()
    expect(socket.kinds().filter((k) => k === 'activityStart')).toHaveLength(2)
    expect(h.sink.stops).toBeGreaterThan(0)
    expect(h.sink.chunks.length).toBe(before)
    h.talk(200)
    h.engine.release()
    await h.settle()
    expect(socket.kinds().filter((k) => k === 'activityEnd')).toHaveLength(2)
  })

  it('closes a turn whose turnComplete never comes, after the audio plays out', async () => {
    const h = harness({ wire: 'live' })
    h.engine.press()
    h.talk(300)
    h.engine.release()
    await h.settle()
    h.service.lastSocket.finish({ turnComplete: false })
    await h.settle()
    expect(h.of('response').filter((r) => r.phase === 'done')).toEqual([])
    h.clock.advance(300 + 2_000 + 10)
    await h.settle()
    expect(h.of('response').filter((r) => r.phase === 'done')).toHaveLength(1)
    expect(h.engine.state).toBe('ready')
  })

  it('leaves the activity open on a press under 100 ms: no answer is asked for', async () => {
    const h = harness({ wire: 'live' })
    h.engine.warm()
    await h.settle()
    h.engine.press()
    h.talk(40)
    h.engine.release()
    await h.settle()
    const socket = h.service.lastSocket
    expect(socket.kinds()).not.toContain('activityEnd')
    expect(h.of('turn')[0]).toMatchObject({ phase: 'discarded' })
    h.engine.press()
    h.talk(200)
    h.engine.release()
    await h.settle()
    expect(socket.kinds().filter((k) => k === 'activityStart')).toHaveLength(1)
    expect(socket.kinds().filter((k) => k === 'activityEnd')).toHaveLength(1)
  })
})

describe('hands-free', () => {
  it('creates the session with the model’s turn detection and ends the mic stream on release', async () => {
    const h = harness({ wire: 'live' }, { mode: 'hands-free' })
    h.engine.press()
    const said = h.talk(300)
    h.engine.release()
    await h.settle()
    expect(h.service.sessions[0]?.params.turnDetection).toBe('server')
    const socket = h.service.lastSocket
    expect(socket.audio).toEqual(asInt16(said))
    expect(socket.kinds()).not.toContain('activityStart')
    expect(socket.kinds().at(-1)).toBe('audioStreamEnd')
  })
})
