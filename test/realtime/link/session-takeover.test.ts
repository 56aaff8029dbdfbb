// A session other connections keep taking over (4409 right after each resume, realtime-api.md close
// codes and "Errors": `realtime_session_already_connected`, "use reconnect"): after a few rounds the
// engine stops with that code and keeps the session; reconnect() takes it back through POST /reconnect.
import { describe, expect, it } from 'vitest'
import { harness } from '../support/engine-harness'

describe('a session another connection keeps taking', () => {
  it('stops with realtime_session_already_connected, keeps the session, and reconnect() takes it back', async () => {
    const h = harness()
    h.engine.warm()
    await h.settle()
    for (let round = 0; round < 4; round++) {
      h.service.lastSocket.end.close(4409, 'realtime_session_already_connected')
      await h.settle()
    }
    const failure = h.of('error').find((e) => e.fatal)
    expect(failure?.error).toMatchObject({ kind: 'forbidden', code: 'realtime_session_already_connected' })
    expect(h.engine.state).toBe('failed')
    expect(h.of('error').filter((e) => e.error.code === 'bad_transition')).toEqual([])
    // Held, not deleted: the user may take it back.
    expect(h.service.calls.filter((c) => c.startsWith('delete'))).toEqual([])
    const reconnectsBefore = h.service.calls.filter((c) => c === 'reconnect sess_1').length

    h.engine.reconnect()
    await h.settle()
    expect(h.service.calls.filter((c) => c === 'reconnect sess_1')).toHaveLength(reconnectsBefore + 1)
    expect(h.service.calls.filter((c) => c === 'create')).toHaveLength(1)
    expect(h.engine.state).toBe('ready')
    expect(h.engine.sessionId).toBe('sess_1')

    await h.engine.end()
    expect(h.service.calls.at(-1)).toBe('delete sess_1')
  })

  it('reconnect() without a held session opens a new one', async () => {
    const h = harness()
    h.engine.reconnect()
    await h.settle()
    expect(h.service.calls).toEqual(['create'])
    expect(h.engine.state).toBe('ready')
  })
})
