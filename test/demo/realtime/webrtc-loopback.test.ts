// The demo's WebRTC peer is reachable from this machine only: its answer offers one candidate, on
// 127.0.0.1, and the UDP port behind it is bound to loopback, not to every interface.
import { createSocket } from 'node:dgram'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from './client'
import { startHarness, type Harness } from './harness'
import { connectWeriftClient } from './support/werift-client'

const WEBRTC = { model: 'openai/gpt-realtime-mini', transport: 'webrtc', turn_detection: null }

/** This machine's first IPv4 address off loopback, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

/** Whether a UDP socket can bind `address:port`: it cannot when the port is taken on every interface. */
function canBind(address: string, port: number): Promise<boolean> {
  const socket = createSocket('udp4')
  return new Promise((resolve) => {
    socket.once('error', () => resolve(false))
    socket.bind(port, address, () => socket.close(() => resolve(true)))
  })
}

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('the WebRTC peer of the demo service', () => {
  it('offers only a loopback candidate, on a port bound to loopback', async () => {
    const s = await createSession(h.baseUrl, 'key-basic', WEBRTC)
    const client = await connectWeriftClient({
      sdpUrl: s.connection.sdp_url,
      token: s.connection.token,
      dataChannel: s.connection.data_channel,
    })
    try {
      const candidates = [...client.answerSdp.matchAll(/a=candidate:\S+ \d+ udp \d+ (\S+) (\d+) typ host/g)]
      expect(candidates.length).toBeGreaterThan(0)
      expect(candidates.map((c) => c[1])).toEqual(candidates.map(() => '127.0.0.1'))
      // The session works over it: the protocol's first event arrives on the data channel.
      expect((await client.waitFor(() => true)).type).toMatch(/session/)
      if (outsideAddress) {
        const port = Number(candidates[0]?.[2])
        // Bound to 0.0.0.0, the port would be taken on the outside address too.
        expect(await canBind(outsideAddress, port)).toBe(true)
        expect(await canBind('127.0.0.1', port)).toBe(false)
      }
    } finally {
      await client.close()
    }
  })
})
