// A TCP proxy on loopback that puts a NetworkProfile between a client and a server, for HTTP and
// WebSocket alike: each direction of each connection is cut into segments and shaped (shaper.ts). A
// connection's first bytes reach the server after the handshake's round trip. Backpressure is real: while
// a direction holds more than a socket buffer's worth, the sender's socket is paused, so a client on a slow
// link sees its own send buffer grow as it would on the real one.
import net from 'node:net'
import { LinkShaper } from './shaper'
import type { NetworkProfile, Outage } from './profiles'

/** A TCP segment's payload on a 1500-byte MTU. */
const SEGMENT_BYTES = 1448
/** Bytes a direction may hold before its sender is paused: a typical socket buffer. */
const HELD_BYTES_LIMIT = 128 * 1024

export interface TcpProxyOptions {
  targetPort: number
  targetHost?: string
  profile: NetworkProfile
  seed?: number
  /** Outages from the proxy's start; more can be begun with `outage()`. */
  outages?: readonly Outage[]
}

export interface ProxyStats {
  connections: number
  resets: number
  segments: number
  retransmitted: number
}

export interface TcpProxy {
  port: number
  /** `http://127.0.0.1:<proxy port>`: the target's base URL through the rig. */
  baseUrl: string
  /** Starts an outage now. */
  outage(durationMs: number, kind: Outage['kind']): void
  stats(): ProxyStats
  close(): Promise<void>
}

/** One direction: segments queued with their release times, written out when due, in order. */
class ShapedPipe {
  readonly #queue: { atMs: number; data: Buffer }[] = []
  #heldBytes = 0
  #timer: NodeJS.Timeout | null = null
  #drained: (() => void) | null = null

  constructor(
    private readonly shaper: LinkShaper,
    private readonly from: () => net.Socket | null,
    private readonly to: () => net.Socket | null,
    /** Nothing leaves before this (performance.now ms): the handshake's round trip. */
    private readonly readyAtMs = 0,
  ) {}

  push(chunk: Buffer): void {
    for (let at = 0; at < chunk.length; at += SEGMENT_BYTES) {
      const data = chunk.subarray(at, at + SEGMENT_BYTES)
      const atMs = this.shaper.schedule(data.length, Math.max(performance.now(), this.readyAtMs)) as number
      this.#queue.push({ atMs, data })
      this.#heldBytes += data.length
    }
    if (this.#heldBytes > HELD_BYTES_LIMIT) this.from()?.pause()
    this.pump()
  }

  pump(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    const to = this.to()
    if (!to) return
    const now = performance.now()
    while (this.#queue.length > 0 && (this.#queue[0]?.atMs ?? Infinity) <= now) {
      const { data } = this.#queue.shift() as { data: Buffer }
      this.#heldBytes -= data.length
      if (!to.destroyed) to.write(data)
    }
    const from = this.from()
    if (this.#heldBytes <= HELD_BYTES_LIMIT / 2 && from?.isPaused()) from.resume()
    const head = this.#queue[0]
    if (!head) this.#takeDrained()?.()
    if (head) this.#timer = setTimeout(() => this.pump(), Math.max(0, head.atMs - now))
  }

  /** Runs `done` once every held segment is out: a FIN follows the data it closes. */
  whenDrained(done: () => void): void {
    this.#drained = done
    if (this.#queue.length === 0) this.#takeDrained()?.()
  }

  #takeDrained(): (() => void) | null {
    const done = this.#drained
    this.#drained = null
    return done
  }

  stop(): void {
    this.#drained = null
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#queue.length = 0
  }
}

interface Connection {
  client: net.Socket
  upstream: net.Socket | null
  stop(): void
}

export async function startTcpProxy(options: TcpProxyOptions): Promise<TcpProxy> {
  const origin = performance.now()
  const outages: Outage[] = [...(options.outages ?? [])]
  const shapers: LinkShaper[] = []
  const live = new Set<Connection>()
  let connections = 0
  let resets = 0
  const inOutage = (kind: Outage['kind']): Outage | null => {
    const t = performance.now() - origin
    return outages.find((o) => o.kind === kind && t >= o.atMs && t < o.atMs + o.durationMs) ?? null
  }
  const newShaper = (): LinkShaper => {
    const s = new LinkShaper(options.profile, {
      protocol: 'tcp',
      seed: (options.seed ?? 1) * 7919 + shapers.length,
      outages,
      originMs: origin,
    })
    shapers.push(s)
    return s
  }

  const server = net.createServer((client) => {
    connections++
    if (inOutage('reset')) {
      resets++
      client.resetAndDestroy()
      return
    }
    // The handshake: the client's first bytes leave a round trip after it connected (after the outage,
    // when it connected into one).
    const blackhole = inOutage('blackhole')
    const outageLeftMs = blackhole ? origin + blackhole.atMs + blackhole.durationMs - performance.now() : 0
    const handshakeMs = options.profile.rttMs + outageLeftMs
    const conn: Connection = { client, upstream: null, stop: () => {} }
    const up = new ShapedPipe(
      newShaper(),
      () => client,
      () => conn.upstream,
      performance.now() + handshakeMs,
    )
    const down = new ShapedPipe(
      newShaper(),
      () => conn.upstream,
      () => client,
    )
    conn.stop = () => {
      up.stop()
      down.stop()
    }
    live.add(conn)
    const close = (): void => {
      conn.stop()
      live.delete(conn)
      client.destroy()
      conn.upstream?.destroy()
    }
    client.on('data', (chunk: Buffer) => up.push(chunk))
    client.on('error', close)
    client.on('close', () => up.whenDrained(() => (conn.upstream ? conn.upstream.end() : close())))
    setTimeout(() => {
      if (client.destroyed) return
      const socket = net.connect(options.targetPort, options.targetHost ?? '127.0.0.1')
      socket.on('connect', () => {
        conn.upstream = socket
        up.pump()
      })
      socket.on('data', (chunk: Buffer) => down.push(chunk))
      socket.on('error', close)
      socket.on('close', () =>
        down.whenDrained(() => {
          live.delete(conn)
          client.end()
        }),
      )
    }, handshakeMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    outage(durationMs, kind) {
      outages.push({ atMs: performance.now() - origin, durationMs, kind })
      if (kind !== 'reset') return
      for (const conn of [...live]) {
        resets++
        conn.stop()
        live.delete(conn)
        conn.client.resetAndDestroy()
        conn.upstream?.destroy()
      }
    },
    stats: () => ({
      connections,
      resets,
      segments: shapers.reduce((n, s) => n + s.sent, 0),
      retransmitted: shapers.reduce((n, s) => n + s.lost, 0),
    }),
    close: () =>
      new Promise((resolve) => {
        for (const conn of live) {
          conn.stop()
          conn.client.destroy()
          conn.upstream?.destroy()
        }
        server.close(() => resolve())
      }),
  }
}
