// The realtime session history as the Voice view gets it: a total that never counts an unknown cost as 0.
import { describe, expect, it } from 'vitest'
import type { RealtimeSessionInfo } from '../../main/realtime'
import { toVoiceHistory } from '../../main/voice/voice-catalog'

describe('the history total', () => {
  const session = (id: string, totalVnd: number | null, chargedVnd: number | null = null) =>
    ({
      id,
      model: 'm',
      billing: { totalVnd, chargedVnd },
      usage: { durationSec: 10 },
      endReason: null,
      createdAt: null,
    }) as unknown as RealtimeSessionInfo

  it('is the sum when every cost is known', () => {
    const h = toVoiceHistory({ sessions: [session('a', 1000), session('b', null, 250)], hasMore: false })
    expect(h).toMatchObject({ totalVnd: 1250, knownTotalVnd: 1250, totalDurationSec: 20 })
  })

  it('is unknown, with the known part as a floor, when a session’s cost could not be read', () => {
    const h = toVoiceHistory({ sessions: [session('a', 1000), session('b', null)], hasMore: false })
    expect(h).toMatchObject({ totalVnd: null, knownTotalVnd: 1000 })
  })
})
