// A TCP proxy in front of the demo service that makes the client's upstream slow: for the first
// `slowForMs` after a connection opens, bytes from the client go on at `bytesPerSec`; after that, freely.
// The client's socket buffers fill as on a congested uplink, and what they held arrives in a rush when
// the link recovers, the pattern that trips the service's 4413 when too much audio is in flight.
import net from 'node:net'

export interface ThrottleProxy {
  port: number
  /** Rewrites a `ws://127.0.0.1:<port>/...` URL of the service to go through the proxy. */
  rewrite(url: string): string
  close(): Promise<void>
}

export async function startThrottleProxy(
  targetPort: number,
  opts: { bytesPerSec: number; slowForMs: number },
): Promise<ThrottleProxy> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    sockets.add(client).add(upstream)
    upstream.pipe(client)
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    const openedAt = performance.now()
    const queue: Buffer[] = []
    let timer: NodeJS.Timeout | null = null
    const pump = (): void => {
      timer = null
      const slow = performance.now() - openedAt < opts.slowForMs
      if (!slow) {
        for (const chunk of queue.splice(0)) upstream.write(chunk)
        client.resume()
        return
      }
      // 10 ms worth of bytes per tick.
      let budget = Math.ceil(opts.bytesPerSec / 100)
      while (budget > 0 && queue.length > 0) {
        const head = queue[0] as Buffer
        const take = Math.min(budget, head.length)
        upstream.write(head.subarray(0, take))
        if (take === head.length) queue.shift()
        else queue[0] = head.subarray(take)
        budget -= take
      }
      if (queue.length < 4) client.resume()
      timer = setTimeout(pump, 10)
    }
    client.on('data', (chunk: Buffer) => {
      if (performance.now() - openedAt >= opts.slowForMs && queue.length === 0)
        return void upstream.write(chunk)
      queue.push(chunk)
      // Backpressure: stop reading while a few chunks wait, so the client's own buffers fill.
      if (queue.length >= 4) client.pause()
      timer ??= setTimeout(pump, 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    rewrite: (url) => url.replace(/:\d+\//, `:${port}/`),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
