// The TCP proxy over real loopback sockets: the round trip it adds, bytes intact and in order through
// retransmissions, the time a bandwidth cap takes, and both kinds of outage.
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { NetworkProfile } from '../../../bench/netem/profiles'
import { startTcpProxy, type TcpProxy } from '../../../bench/netem/tcp-proxy'

const flat = (over: Partial<NetworkProfile>): NetworkProfile => ({
  name: 'test',
  rttMs: 100,
  jitterMs: 0,
  loss: 0,
  bitsPerSec: null,
  ...over,
})

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** An echo server: every byte comes straight back. */
async function echoServer(): Promise<number> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((s) => {
    sockets.add(s)
    s.on('error', () => {})
    s.pipe(s)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(
    () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  )
  return (server.address() as net.AddressInfo).port
}

async function proxy(profile: NetworkProfile, seed = 1): Promise<TcpProxy> {
  const p = await startTcpProxy({ targetPort: await echoServer(), profile, seed })
  closers.push(() => p.close())
  return p
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s))
    s.on('error', reject)
    closers.push(async () => void s.destroy())
  })
}

/** Resolves with the time `bytes` bytes have come back, and what they were. */
function readBytes(s: net.Socket, bytes: number): Promise<{ atMs: number; data: Buffer }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let n = 0
    const onData = (c: Buffer): void => {
      chunks.push(c)
      n += c.length
      if (n >= bytes) {
        s.off('data', onData)
        resolve({ atMs: performance.now(), data: Buffer.concat(chunks) })
      }
    }
    s.on('data', onData)
  })
}

describe('TCP proxy', () => {
  it('adds the round trip to an echo, and the handshake’s round trip to the first', async () => {
    const p = await proxy(flat({ rttMs: 100 }))
    const s = await connect(p.port)
    const t0 = performance.now()
    const first = readBytes(s, 5)
    s.write('hello')
    const firstMs = (await first).atMs - t0
    // Handshake, then there and back.
    expect(firstMs).toBeGreaterThanOrEqual(200)
    const t1 = performance.now()
    const second = readBytes(s, 5)
    s.write('again')
    const echoMs = (await second).atMs - t1
    expect(echoMs).toBeGreaterThanOrEqual(100)
    expect(echoMs).toBeLessThan(firstMs)
  })

  it('delivers every byte in order through retransmissions, and counts them', async () => {
    const p = await proxy(flat({ rttMs: 10, loss: 0.1 }), 4)
    const s = await connect(p.port)
    const payload = Buffer.alloc(300_000)
    for (let i = 0; i < payload.length; i++) payload[i] = (i * 7) % 251
    const back = readBytes(s, payload.length)
    s.write(payload)
    const { data } = await back
    expect(data.equals(payload)).toBe(true)
    const { segments, retransmitted } = p.stats()
    // 300,000 bytes in segments of at most 1,448 bytes, each way (the kernel's reads cut some shorter).
    expect(segments).toBeGreaterThanOrEqual(2 * Math.ceil(payload.length / 1_448))
    expect(retransmitted).toBeGreaterThan(0.05 * segments)
    expect(retransmitted).toBeLessThan(0.15 * segments)
  })

  it('caps the bandwidth: 100 kB at 800 kbit/s each way takes at least a second', async () => {
    const p = await proxy(flat({ rttMs: 2, bitsPerSec: 800_000 }))
    const s = await connect(p.port)
    const t0 = performance.now()
    const back = readBytes(s, 100_000)
    s.write(Buffer.alloc(100_000, 1))
    expect((await back).atMs - t0).toBeGreaterThanOrEqual(1_000)
  })

  it('a reset outage cuts open connections and refuses new ones until it ends', async () => {
    const p = await proxy(flat({ rttMs: 2 }))
    const s = await connect(p.port)
    const closed = new Promise<void>((resolve) => s.on('close', () => resolve()))
    s.on('error', () => {})
    p.outage(400, 'reset')
    await closed
    const during = net.connect(p.port, '127.0.0.1')
    const refused = await new Promise<string>((resolve) => {
      during.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
      during.on('close', () => resolve('closed'))
    })
    expect(['ECONNRESET', 'closed']).toContain(refused)
    await new Promise((resolve) => setTimeout(resolve, 450))
    const after = await connect(p.port)
    const echo = readBytes(after, 2)
    after.write('ok')
    expect((await echo).data.toString()).toBe('ok')
    expect(p.stats().resets).toBe(2)
  })

  it('a blackhole outage holds what is sent into it until after it ends', async () => {
    const p = await proxy(flat({ rttMs: 2 }))
    const s = await connect(p.port)
    const warm = readBytes(s, 1)
    s.write('x')
    await warm
    const t0 = performance.now()
    p.outage(500, 'blackhole')
    const back = readBytes(s, 4)
    s.write('lost')
    const { atMs, data } = await back
    expect(data.toString()).toBe('lost')
    expect(atMs - t0).toBeGreaterThanOrEqual(500)
  })
})
