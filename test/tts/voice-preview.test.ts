// Voice samples fetched by main: public files, so the key is never sent; anything that is not a short
// audio file over http(s) is refused with a clear error.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestWait } from '../../main/api/tts/tts-retry'
import { fetchPreview } from '../../main/tts/voice-preview'

let server: Server
let base: string
/** The same server under another host name: a redirect there leaves the host the voice list named. */
let elsewhere: string
const seen: IncomingHttpHeaders[] = []
/** 429s `/busy.mp3` answers before the sample. */
let busyLeft = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers)
    if (req.url === '/a.mp3')
      return void res.writeHead(200, { 'Content-Type': 'audio/mpeg' }).end(Buffer.alloc(900, 1))
    if (req.url === '/b.wav')
      return void res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(Buffer.alloc(64, 2))
    if (req.url === '/moved.mp3') return void res.writeHead(302, { Location: '/a.mp3' }).end()
    if (req.url === '/away.mp3') return void res.writeHead(302, { Location: `${elsewhere}/a.mp3` }).end()
    if (req.url === '/loop.mp3') return void res.writeHead(302, { Location: '/loop.mp3' }).end()
    if (req.url === '/busy.mp3' && busyLeft-- > 0)
      return void res.writeHead(429, { 'Retry-After': '2' }).end('slow down')
    if (req.url === '/busy.mp3')
      return void res.writeHead(200, { 'Content-Type': 'audio/mpeg' }).end(Buffer.alloc(900, 3))
    if (req.url === '/page') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>')
    if (req.url === '/huge.mp3')
      return void res
        .writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': String(6 * 1024 * 1024) })
        .end()
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
  elsewhere = `http://localhost:${port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('fetchPreview', () => {
  it('returns the sample as base64 with its format, and sends no key', async () => {
    const sample = await fetchPreview(`${base}/a.mp3`)
    expect(sample).toMatchObject({ format: 'mp3', contentType: 'audio/mpeg' })
    expect(Buffer.from(sample.data, 'base64')).toEqual(Buffer.alloc(900, 1))
    expect(seen.at(-1)?.authorization).toBeUndefined()
    expect(seen.at(-1)?.['user-agent']).toMatch(/Loa/)
  })

  it('takes the format from the file name when the type says nothing', async () => {
    expect((await fetchPreview(`${base}/b.wav`)).format).toBe('wav')
  })

  it('refuses what is not a sample: another scheme, a page, a missing or huge file, a bad address', async () => {
    await expect(fetchPreview('file:///etc/passwd')).rejects.toMatchObject({ kind: 'protocol' })
    await expect(fetchPreview('not a url')).rejects.toMatchObject({ kind: 'protocol' })
    await expect(fetchPreview(`${base}/page`)).rejects.toMatchObject({ kind: 'protocol' })
    await expect(fetchPreview(`${base}/missing.mp3`)).rejects.toMatchObject({ kind: 'not_found' })
    await expect(fetchPreview(`${base}/huge.mp3`)).rejects.toMatchObject({ kind: 'protocol' })
    await expect(fetchPreview('http://127.0.0.1:1/x.mp3')).rejects.toMatchObject({ kind: 'network' })
  })

  it('follows a redirect within the sample’s host, and none to another host', async () => {
    expect((await fetchPreview(`${base}/moved.mp3`)).format).toBe('mp3')
    const before = seen.length
    await expect(fetchPreview(`${base}/away.mp3`)).rejects.toMatchObject({
      kind: 'protocol',
      code: 'preview_redirect',
    })
    expect(seen.slice(before).map((h) => h.host)).toEqual([new URL(base).host])
    await expect(fetchPreview(`${base}/loop.mp3`)).rejects.toMatchObject({ kind: 'protocol' })
  })

  it('fetches nothing over plain http from another machine', async () => {
    const asked: string[] = []
    const record: typeof fetch = async (input) => {
      asked.push(String(input))
      return new Response(new Uint8Array(10), { headers: { 'Content-Type': 'audio/mpeg' } })
    }
    await expect(fetchPreview('http://cdn.example.com/a.mp3', record)).rejects.toMatchObject({
      kind: 'protocol',
      code: 'service_url_insecure',
    })
    expect(asked).toEqual([])
    await expect(fetchPreview('https://cdn.example.com/a.mp3', record)).resolves.toMatchObject({
      format: 'mp3',
    })
    expect(asked).toEqual(['https://cdn.example.com/a.mp3'])
  })

  it('waits out a busy sample host’s Retry-After, saying until when, and takes the wait back once it has the sample', async () => {
    busyLeft = 1
    const told: Array<{ wait: RequestWait | null; atMs: number }> = []
    const slept: number[] = []
    const sample = await fetchPreview(
      `${base}/busy.mp3`,
      fetch,
      (wait) => told.push({ wait, atMs: Date.now() }),
      async (ms) => void slept.push(ms),
    )
    expect(Buffer.from(sample.data, 'base64').length).toBe(900)
    expect(slept).toEqual([2_000])
    expect(told.map((t) => t.wait?.reason ?? null)).toEqual(['rate_limit', null])
    const first = told[0] as { wait: RequestWait; atMs: number }
    expect(first.wait.untilMs - first.atMs).toBeGreaterThan(1_000)
    expect(first.wait.untilMs - first.atMs).toBeLessThanOrEqual(2_000)
  })

  it('gives up on a host that stays busy, as rate-limited with its wait', async () => {
    busyLeft = 10
    const err = await fetchPreview(`${base}/busy.mp3`, fetch, undefined, async () => {}).catch(
      (e: unknown) => e,
    )
    expect(err).toMatchObject({ kind: 'rate_limit', retryAfterMs: 2_000 })
    busyLeft = 0
  })
})
