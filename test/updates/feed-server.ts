// A generic update feed on a real loopback HTTP server: the files electron-builder would upload (the feed
// file and the artifact), swapped by the tests between checks, with a count of each request served.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Served {
  status: number
  body: Buffer | string
  contentType?: string
}

export interface FeedServer {
  /** The feed's folder address, with its trailing slash. */
  url: string
  /** What each path answers; a path not here answers 404. */
  files: Map<string, Served>
  /** Requests served, by path (query left out). */
  hits(path: string): number
  /**
   * Serves `version` with `bytes` as its installer under the feed file `feedFile`; the feed names `sha512` and
   * `size` when given, else the true ones. Returns the installer's file name.
   */
  publish(feedFile: string, version: string, bytes: Buffer, lie?: { sha512?: string; size?: number }): string
  close(): Promise<void>
}

export async function startFeedServer(): Promise<FeedServer> {
  const files = new Map<string, Served>()
  const hits = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/feed\//, '')
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const file = files.get(path)
    if (!file) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(file.status, { 'content-type': file.contentType ?? 'application/octet-stream' })
    res.end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/feed/`,
    files,
    hits: (path) => hits.get(path) ?? 0,
    publish(feedFile, version, bytes, lie = {}) {
      const file = `Loa-${version}.AppImage`
      files.set(file, { status: 200, body: bytes })
      const yml = latestYml({
        version,
        file,
        sha512: lie.sha512 ?? sha512Of(bytes),
        size: lie.size ?? bytes.length,
        releaseNotes: `<p>Loa ${version}</p><ul><li>Faster &amp; quieter</li></ul>`,
      })
      files.set(feedFile, { status: 200, body: yml, contentType: 'text/yaml' })
      return file
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An installer's bytes: random, so no two tests share one. */
export function artifact(bytes = 256 * 1024): Buffer {
  return randomBytes(bytes)
}

/** SHA-512 in base64, as electron-builder writes it into the feed. */
export function sha512Of(data: Buffer): string {
  return createHash('sha512').update(data).digest('base64')
}

/** A feed file as electron-builder writes it for one artifact. */
export function latestYml(opts: {
  version: string
  file: string
  sha512: string
  size: number
  releaseNotes?: string
}): string {
  const lines = [
    `version: ${opts.version}`,
    'files:',
    `  - url: ${opts.file}`,
    `    sha512: ${opts.sha512}`,
    `    size: ${opts.size}`,
    `path: ${opts.file}`,
    `sha512: ${opts.sha512}`,
    "releaseDate: '2026-11-20T08:00:00.000Z'",
  ]
  if (opts.releaseNotes !== undefined) lines.push(`releaseNotes: ${JSON.stringify(opts.releaseNotes)}`)
  return `${lines.join('\n')}\n`
}
