import { describe, expect, it } from 'vitest'
import { DeliveryClock } from '../../../main/realtime/transports/delivery-clock'

describe('DeliveryClock', () => {
  it('counts bytes as unknown until the pong of a ping sent after them comes back', () => {
    const c = new DeliveryClock()
    const ping = c.sent(1_000)
    expect(ping).not.toBeNull()
    // One ping out at a time.
    expect(c.sent(500)).toBeNull()
    expect(c.sent(500)).toBeNull()
    expect(c.unackedBytes).toBe(2_000)
    // The silence check's own empty pong acknowledges nothing.
    expect(c.pong(Buffer.alloc(0))).toBeNull()
    expect(c.unackedBytes).toBe(2_000)
    const next = c.pong(ping as Buffer)
    expect(c.unackedBytes).toBe(1_000)
    // Bytes sent since are still unknown: the next ping goes at once, so a sender held back by them is
    // not left waiting for a send that would carry one.
    expect(next).not.toBeNull()
    expect(next?.equals(ping as Buffer)).toBe(false)
    expect(c.pong(next as Buffer)).toBeNull()
    expect(c.unackedBytes).toBe(0)
    // Nothing outstanding: the next frame carries a ping again.
    expect(c.sent(10)).not.toBeNull()
  })

  it('ignores a pong it did not ask for', () => {
    const c = new DeliveryClock()
    const ping = c.sent(100) as Buffer
    const stale = Buffer.from(ping)
    stale.writeUInt32BE(ping.readUInt32BE(0) + 5)
    expect(c.pong(stale)).toBeNull()
    expect(c.unackedBytes).toBe(100)
  })
})
