// The engine when the session or its socket goes wrong: drops and reconnects, the reconnect buffer's
// bound, a slow link, termination, an expired token, a refused channel, the idle end.
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { asInt16, harness } from '../support/engine-harness'

describe('a dropped socket', () => {
  it('is resumed with POST /reconnect; the buffer is cleared and the whole press follows in order', async () => {
    const h = harness()
    h.engine.press()
    await h.settle()
    const first = h.talk(300)
    await h.settle()
    // The first attempt is refused, so the gap lasts until the retry 250 ms later.
    h.service.refuseConnects.push('http_503')
    h.service.lastSocket.end.drop()
    await h.settle()
    expect(h.engine.state).toBe('reconnecting')
    const during = h.talk(500)
    await h.settle()
    const after = h.talk(200)
    h.engine.release()
    await h.settle()
    const session = h.service.sessions[0]
    expect(h.service.sessions).toHaveLength(1)
    expect(h.service.calls).toEqual(['create', 'reconnect sess_1', 'reconnect sess_1'])
    expect(session?.sockets).toHaveLength(2)
    const [old, resumed] = session?.sockets ?? []
    expect(old?.audio).toEqual(asInt16(first))
    // What was in flight on the old socket may not have arrived: Model-R's buffer is cleared and the
    // press goes again from its start, then what was captured meanwhile.
    expect(resumed?.kinds().filter((k) => k !== 'input_audio_buffer.append')[0]).toBe(
      'input_audio_buffer.clear',
    )
    expect(resumed?.audio).toEqual(asInt16(new Float32Array([...first, ...during, ...after])))
    expect(resumed?.kinds().slice(-2)).toEqual(['input_audio_buffer.commit', 'response.create'])
    expect(h.of('session').map((s) => s.resumed)).toEqual([false, true])
    expect(h.states()).toContain('reconnecting')
    expect(h.engine.state).toBe('speaking')
  })

  it('holds at most maxQueuedAudioMs while there is no socket, dropping the oldest', async () => {
    const h = harness({}, { maxQueuedAudioMs: 1_000 })
    h.engine.press()
    await h.settle()
    h.talk(100)
    await h.settle()
    // Three refused attempts keep the socket away for 250 + 500 + 1000 ms of the clock.
    h.service.refuseConnects.push('http_503', 'http_503', 'http_503')
    h.service.lastSocket.end.drop()
    await h.settle()
    const during = h.talk(1_600)
    expect(h.of('audioDropped').reduce((n, e) => n + e.ms, 0)).toBe(600)
    h.engine.release()
    for (let i = 0; i < 10; i++) {
      await h.settle()
      h.clock.advance(500)
    }
    await h.settle()
    const resumed = h.service.lastSocket
    // Only the last second captured in the gap arrives, and in order.
    expect(resumed.audio).toEqual(asInt16(during.subarray(600 * 16)))
  })

  it('keeps audio in the outbox while the socket reports a full buffer', async () => {
    const h = harness()
    h.engine.warm()
    await h.settle()
    const socket = h.service.lastSocket
    socket.end.setBufferedBytes(10_000_000)
    h.engine.press()
    h.talk(400)
    await h.settle()
    expect(socket.audio).toEqual([])
    socket.end.setBufferedBytes(0)
    h.clock.advance(20)
    await h.settle()
    expect(socket.audio.length).toBe(400 * 16)
  })

  it('answers 4413 by resuming and sending with less burst', async () => {
    const h = harness({}, { burstMs: 800 })
    h.engine.warm()
    await h.settle()
    h.service.lastSocket.end.close(4413, 'audio sent faster than real time')
    await h.settle()
    expect(h.service.calls).toEqual(['create', 'reconnect sess_1'])
    h.engine.press()
    h.service.refuseConnects.push('http_503')
    h.service.lastSocket.end.drop()
    await h.settle()
    h.talk(2_000)
    await h.settle()
    // Resumed with a 2 s backlog: 400 ms of it at once (half the burst), not 800.
    expect(h.service.lastSocket.audio.length).toBe(400 * 16)
  })
})

describe('the service ending the session', () => {
  it('reports session.terminated with its reason; the next press creates a new session', async () => {
    const h = harness()
    h.engine.warm()
    await h.settle()
    const socket = h.service.lastSocket
    socket.svc({
      type: 'session.terminated',
      reason: 'max_spend_reached',
      message: 'cap reached',
      total_vnd: 900,
    })
    socket.end.close(4000, 'terminated: max_spend_reached')
    await h.settle()
    expect(h.of('terminated')).toEqual([
      {
        type: 'terminated',
        sessionId: 'sess_1',
        reason: 'max_spend_reached',
        message: 'cap reached',
        cause: 'spend_cap',
        renewal: 'refused',
      },
    ])
    expect(h.engine.state).toBe('idle')
    expect(h.service.calls).toEqual(['create'])
    h.engine.press()
    await h.settle()
    expect(h.service.calls).toEqual(['create', 'create'])
    expect(h.engine.state).toBe('listening')
    expect(h.engine.sessionId).toBe('sess_2')
    expect(h.engine.cost().settledVnd).toBe(900)
  })

  it('reads the reason from the close frame when the event was missed', async () => {
    const h = harness()
    h.engine.warm()
    await h.settle()
    h.service.lastSocket.end.close(4000, 'terminated: key_revoked')
    await h.settle()
    expect(h.of('terminated')[0]).toMatchObject({ reason: 'key_revoked' })
  })

  it('starts a new session with the whole turn when the old one is lost for good mid-turn', async () => {
    const h = harness()
    h.engine.press()
    await h.settle()
    const first = h.talk(300)
    await h.settle()
    // The session ended on the service while the socket was down: reconnect answers 409.
    h.service.sessions[0]!.deleted = true
    h.service.lastSocket.end.drop()
    await h.settle()
    const second = h.talk(200)
    h.engine.release()
    await h.settle()
    expect(h.service.calls).toEqual(['create', 'reconnect sess_1', 'create'])
    expect(h.of('sessionEnded')[0]).toMatchObject({ sessionId: 'sess_1', reason: 'connection_lost' })
    const fresh = h.service.lastSocket
    expect(fresh.session.info.id).toBe('sess_2')
    expect(fresh.audio).toEqual(asInt16(new Float32Array([...first, ...second])))
    expect(fresh.kinds().slice(-2)).toEqual(['input_audio_buffer.commit', 'response.create'])
  })
})

describe('sessions that cannot be used', () => {
  it('replaces a session whose token expired before the socket opened, transparently', async () => {
    const h = harness()
    h.service.refuseConnects.push('realtime_token_expired')
    h.engine.press()
    const said = h.talk(300)
    await h.settle()
    h.engine.release()
    await h.settle()
    expect(h.service.calls).toEqual(['create', 'delete sess_1', 'create'])
    expect(h.service.lastSocket.session.info.id).toBe('sess_2')
    expect(h.service.lastSocket.audio).toEqual(asInt16(said))
    expect(h.of('error')).toEqual([])
    expect(h.of('sessionEnded')).toEqual([])
  })

  it('replaces a session whose channel failed (4503), replaying the turn in progress', async () => {
    const h = harness()
    h.engine.press()
    await h.settle()
    const first = h.talk(200)
    await h.settle()
    h.service.lastSocket.end.close(4503, 'realtime_session_ended')
    await h.settle()
    const second = h.talk(200)
    h.engine.release()
    await h.settle()
    expect(h.service.lastSocket.session.info.id).toBe('sess_2')
    expect(h.service.lastSocket.audio).toEqual(asInt16(new Float32Array([...first, ...second])))
  })

  it('fails with the service error when creation is refused, and tries again on the next press', async () => {
    const h = harness()
    h.service.createFailures.push(
      new GatewayError('insufficient_balance', 'Top up.', {
        status: 402,
        code: 'insufficient_balance',
        requestId: 'req_402',
      }),
    )
    h.engine.press()
    await h.settle()
    expect(h.engine.state).toBe('failed')
    expect(h.of('error')[0]?.error).toMatchObject({
      code: 'insufficient_balance',
      kind: 'insufficient_balance',
      requestId: 'req_402',
    })
    h.engine.release()
    h.engine.press()
    await h.settle()
    expect(h.engine.state).toBe('listening')
  })
})

describe('idle', () => {
  it('ends a quiet session itself and re-creates on the next press with pre-roll', async () => {
    const h = harness({}, { idleEndMs: 60_000 })
    h.engine.warm()
    await h.settle()
    h.clock.advance(59_000)
    await h.settle()
    expect(h.service.calls).toEqual(['create'])
    h.clock.advance(1_000)
    await h.settle()
    expect(h.service.calls).toEqual(['create', 'delete sess_1'])
    expect(h.engine.state).toBe('idle')
    expect(h.of('sessionEnded')[0]).toMatchObject({ reason: 'client_idle', totalVnd: 123 })
    h.engine.press()
    const said = h.talk(200)
    h.engine.release()
    await h.settle()
    expect(h.service.lastSocket.session.info.id).toBe('sess_2')
    expect(h.service.lastSocket.audio).toEqual(asInt16(said))
  })
})

describe('a press while the idle end is still deleting the session', () => {
  it('opens a new session once the old one is gone, with all of the press', async () => {
    const h = harness({}, { idleEndMs: 10_000 })
    h.engine.warm()
    await h.settle()
    h.clock.advance(10_000)
    // DELETE is in flight: the press comes before it answers.
    h.engine.press()
    const said = h.talk(300)
    h.engine.release()
    await h.settle()
    expect(h.service.calls).toEqual(['create', 'delete sess_1', 'create'])
    expect(h.service.lastSocket.audio).toEqual(asInt16(said))
  })
})

describe('money', () => {
  it('meters settled amounts, adds nothing for time alone, and passes warnings on', async () => {
    const prices = { audioIn: 137_500, audioOut: 550_000, textIn: null, textOut: null, cachedIn: null }
    const h = harness({}, { prices })
    h.engine.warm()
    await h.settle()
    const socket = h.service.lastSocket
    h.clock.advance(30_000)
    expect(h.engine.cost()).toMatchObject({ totalVnd: 0, estimateVnd: 0 })
    socket.svc({
      type: 'usage.settled',
      amount_vnd: 1_000,
      total_vnd: 1_000,
      balance_vnd: 5_000,
      final: false,
    })
    socket.svc({ type: 'warning.low_balance', balance_vnd: 5_000, next_window_estimate_vnd: 2_700 })
    await h.settle()
    expect(h.engine.cost()).toMatchObject({ settledVnd: 1_000, totalVnd: 1_000, balanceVnd: 5_000 })
    h.clock.advance(20_000)
    expect(h.engine.cost().totalVnd).toBe(1_000)
    expect(h.of('warning')).toEqual([
      {
        type: 'warning',
        kind: 'low_balance',
        balanceVnd: 5_000,
        totalVnd: null,
        maxSpendVnd: null,
        usedPercent: null,
      },
    ])
  })
})
