// When the Voice view says a session ends: the service's expiry where it gives one, else the moment the
// session went live plus its length; a resumed session keeps its end.
import { describe, expect, it } from 'vitest'
import type { EngineEvent } from '../../main/realtime'
import { VoiceStatusModel } from '../../main/voice/voice-status'

const NOW_MS = Date.parse('2026-11-25T10:00:00Z')

function opened(over: Partial<Extract<EngineEvent, { type: 'session' }>> = {}): EngineEvent {
  return {
    type: 'session',
    sessionId: 'rs_1',
    model: 'openai/gpt-realtime',
    protocol: 'model-r',
    transport: 'websocket',
    resumed: false,
    createMs: 10,
    connectMs: 10,
    expiresAt: null,
    maxDurationSec: null,
    ...over,
  } as EngineEvent
}

describe('the session end time', () => {
  it('runs the asked length from when the session went live', () => {
    let now = NOW_MS
    const status = new VoiceStatusModel(
      'push-to-talk',
      () => null,
      () => now,
    )
    status.setSessionLength(3_600)
    status.apply(opened())
    expect(status.current.session?.endsAtMs).toBe(NOW_MS + 3_600_000)
    // A resume later keeps the end the session had.
    now += 60_000
    status.apply(opened({ resumed: true }))
    expect(status.current.session?.endsAtMs).toBe(NOW_MS + 3_600_000)
  })

  it('prefers what the service says: its expiry, else its own length', () => {
    const status = new VoiceStatusModel(
      'push-to-talk',
      () => null,
      () => NOW_MS,
    )
    status.setSessionLength(3_600)
    status.apply(opened({ expiresAt: '2026-11-25T10:20:00Z', maxDurationSec: 900 }))
    expect(status.current.session?.endsAtMs).toBe(Date.parse('2026-11-25T10:20:00Z'))
    status.apply(opened({ sessionId: 'rs_2', maxDurationSec: 900 }))
    expect(status.current.session?.endsAtMs).toBe(NOW_MS + 900_000)
  })

  it('is unknown when nothing says how long the session runs', () => {
    const status = new VoiceStatusModel(
      'push-to-talk',
      () => null,
      () => NOW_MS,
    )
    status.apply(opened())
    expect(status.current.session?.endsAtMs).toBeNull()
  })
})
