// A TCP proxy in front of the demo service that loses answers: for the next `drops` connections it lets
// the request through, waits until the service starts answering (so the request was received, synthesized
// and charged) and then cuts the client off without a byte. Later connections pass untouched.
import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface DropProxy {
  baseUrl: string
  /** Answers to lose, counted down as they are lost. */
  drops: number
  /** Answers lost so far. */
  dropped: number
  close(): Promise<void>
}

export async function startDropProxy(targetBaseUrl: string): Promise<DropProxy> {
  const target = new URL(targetBaseUrl)
  const sockets = new Set<Socket>()
  const track = (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => s.destroy())
  }
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname)
    track(client)
    track(upstream)
    client.pipe(upstream)
    let decided = false
    upstream.on('data', (chunk: Buffer) => {
      if (!decided) {
        decided = true
        if (proxy.drops > 0) {
          proxy.drops -= 1
          proxy.dropped += 1
          client.destroy()
          upstream.destroy()
          return
        }
      }
      client.write(chunk)
    })
    upstream.on('end', () => client.end())
    client.on('close', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const proxy: DropProxy = {
    baseUrl: `http://127.0.0.1:${port}`,
    drops: 0,
    dropped: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
  return proxy
}
