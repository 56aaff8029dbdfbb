// The UDP relay over real loopback sockets: datagrams there and back with the delay added, and the
// number lost matching the relay's own count for a seed.
import dgram from 'node:dgram'
import { afterEach, describe, expect, it } from 'vitest'
import { profile } from '../../../bench/netem/profiles'
import { startUdpRelay } from '../../../bench/netem/udp-relay'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function socket(onMessage?: (msg: Buffer, from: dgram.RemoteInfo, s: dgram.Socket) => void) {
  const s = dgram.createSocket('udp4')
  if (onMessage) s.on('message', (m, r) => onMessage(m, r, s))
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => s.close(() => resolve())))
  return s
}

describe('UDP relay', () => {
  it('relays both ways with the round trip added and loses what its count says', async () => {
    const echo = await socket((m, from, s) => s.send(m, from.port, from.address))
    const p = { ...profile('bad'), loss: 0.1 }
    const relay = await startUdpRelay({ targetPort: echo.address().port, profile: p, seed: 2 })
    closers.push(() => relay.close())
    const rtts: number[] = []
    const sentAt = new Map<number, number>()
    const client = await socket((m) => rtts.push(performance.now() - (sentAt.get(m.readUInt32BE(0)) ?? NaN)))
    const COUNT = 400
    for (let i = 0; i < COUNT; i++) {
      const msg = Buffer.alloc(160)
      msg.writeUInt32BE(i, 0)
      sentAt.set(i, performance.now())
      client.send(msg, relay.port, '127.0.0.1')
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    // Every datagram not lost is back after its two delays, at most 2 × (150 + 80) ms.
    await new Promise((resolve) => setTimeout(resolve, 2 * (p.rttMs / 2 + p.jitterMs) + 200))
    const { toTarget, toClient } = relay.stats()
    expect(toTarget.sent).toBe(COUNT)
    expect(toClient.sent).toBe(COUNT - toTarget.lost)
    expect(rtts).toHaveLength(COUNT - toTarget.lost - toClient.lost)
    expect(toTarget.lost + toClient.lost).toBeGreaterThan(0.1 * COUNT)
    expect(Math.min(...rtts)).toBeGreaterThanOrEqual(p.rttMs - 2 * p.jitterMs)
  })
})
