// The cost meter when the service's settled figure cannot be read: unknown (null), never 0, and the
// running estimate is never dropped for lack of it.
import { describe, expect, it } from 'vitest'
import { serviceEvent } from '../../main/realtime/adapters/service-events'
import { CostMeter } from '../../main/realtime/cost-meter'
import type { EngineClock } from '../../main/realtime/engine-clock'
import type { ServiceEvent } from '../../main/realtime/events'

function meter() {
  let nowMs = 0
  const clock: EngineClock = { now: () => nowMs, setTimeout: () => null, clearTimeout: () => {} }
  return { m: new CostMeter(clock), advance: (ms: number) => (nowMs += ms) }
}

const svc = (payload: Record<string, unknown>) => serviceEvent(payload) as ServiceEvent

describe('CostMeter', () => {
  it('adds the estimate to the settled figure it read', () => {
    const { m, advance } = meter()
    m.sessionCreated(6_000, null)
    m.active(svc({ type: 'session.active' }))
    advance(60_000)
    m.settled(svc({ type: 'usage.settled', cost: { amount: 500, currency: 'VND' } }))
    advance(30_000)
    expect(m.snapshot()).toMatchObject({ settledVnd: 500, totalVnd: 3_500 })
  })

  it('keeps estimating through a settlement without a readable amount, and calls the figure unknown', () => {
    const { m, advance } = meter()
    m.sessionCreated(6_000, null)
    m.active(svc({ type: 'session.active' }))
    advance(60_000)
    m.settled(svc({ type: 'usage.settled', charge: 'a lot' }))
    advance(30_000)
    expect(m.snapshot()).toMatchObject({ settledVnd: null, totalVnd: 9_000 })
    // A later running total puts it right again.
    m.settled(svc({ type: 'usage.settled', totalCostVND: 9_100 }))
    expect(m.snapshot()).toMatchObject({ settledVnd: 9_100, totalVnd: 9_100 })
  })

  it('leaves a billed session that ended without any readable figure unknown, its estimate kept', () => {
    const { m, advance } = meter()
    m.sessionCreated(6_000, null)
    m.active(svc({ type: 'session.active' }))
    advance(20_000)
    m.sessionClosed(null)
    expect(m.snapshot()).toMatchObject({ settledVnd: null, totalVnd: 2_000 })
    m.reset()
    expect(m.snapshot()).toMatchObject({ settledVnd: 0, totalVnd: 0 })
  })

  it('counts a session that never billed as 0, and a final total as the truth', () => {
    const { m, advance } = meter()
    m.sessionCreated(6_000, null)
    m.sessionClosed(null)
    expect(m.snapshot().settledVnd).toBe(0)
    m.sessionCreated(6_000, null)
    m.active(svc({ type: 'session.active' }))
    advance(10_000)
    m.sessionClosed(1_234)
    expect(m.snapshot()).toMatchObject({ settledVnd: 1_234, totalVnd: 1_234 })
  })
})
