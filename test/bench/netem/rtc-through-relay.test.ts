// What routes WebRTC through the rig's UDP relay: candidates rewritten to the relay's ports, a relay aimed
// at a port learnt after it started, and a handshake let through whole before loss begins.
import dgram from 'node:dgram'
import { afterEach, describe, expect, it } from 'vitest'
import { profile } from '../../../bench/netem/profiles'
import { candidatePort, candidatesTo } from '../../../bench/netem/rtc-through-relay'
import { startUdpRelay } from '../../../bench/netem/udp-relay'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function socket(onMessage: (msg: Buffer, from: dgram.RemoteInfo, s: dgram.Socket) => void) {
  const s = dgram.createSocket('udp4')
  s.on('message', (m, r) => onMessage(m, r, s))
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => s.close(() => resolve())))
  return s
}

const SDP = [
  'v=0',
  'a=candidate:626da4e5 1 udp 2116026367 127.0.0.1 53988 typ host generation 0 ufrag b8dd',
  'a=candidate:32b1715d 1 udp 2116026367 172.17.0.2 53988 typ host generation 0 ufrag b8dd',
  'a=end-of-candidates',
].join('\r\n')

describe('WebRTC through the relay', () => {
  it('names the relay in every candidate and reads the peer port of an answer', () => {
    const rewritten = candidatesTo(SDP, 40_000)
    expect(
      rewritten
        .split('\r\n')
        .filter((l) => l.startsWith('a=candidate'))
        .map((l) => l.split(' ').slice(4, 6)),
    ).toEqual([
      ['127.0.0.1', '40000'],
      ['127.0.0.1', '40000'],
    ])
    expect(candidatePort(SDP)).toBe(53_988)
    expect(() => candidatePort('v=0')).toThrow(/no UDP candidate/)
  })

  it('forwards to the port it is aimed at later, losing nothing until loss starts', async () => {
    const echo = await socket((m, from, s) => s.send(m, from.port, from.address))
    const relay = await startUdpRelay({
      targetPort: 0,
      profile: { ...profile('good'), loss: 1 },
      seed: 1,
      losslessUntilStarted: true,
    })
    closers.push(() => relay.close())
    relay.retarget(echo.address().port)
    let back = 0
    const client = await socket(() => back++)
    const send = async (n: number): Promise<void> => {
      for (let i = 0; i < n; i++) client.send(Buffer.alloc(100), relay.port, '127.0.0.1')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    await send(20)
    expect(back).toBe(20)
    relay.startLoss()
    await send(20)
    expect(back).toBe(20)
    expect(relay.stats().toTarget).toEqual({ sent: 20, lost: 20 })
  })
})
