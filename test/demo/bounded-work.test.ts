// The demo service stays responsive on any input: a body over 1 MB is refused with the error envelope
// before it is parsed, a speech input over the model's limit is refused at once with the limit named, and
// other requests are answered while a large request is still arriving.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { accountState, call, envelope, startServer } from './helpers'

let server: DemoServer
beforeAll(async () => {
  server = await startServer({ seed: 41 })
})
afterAll(() => server.close())

/** A POST whose body the test writes piece by piece; `answer` settles with the service's reply. */
function openPost(path: string, headers: Record<string, string>) {
  let req!: ClientRequest
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = httpRequest(server.baseUrl + path, { method: 'POST', headers }, (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
    })
    req.on('error', reject)
  })
  const write = (piece: string) =>
    new Promise<void>((resolve, reject) => req.write(piece, (e) => (e ? reject(e) : resolve())))
  return { req, answer, write }
}

const speechHeaders = () => ({
  Authorization: `Bearer ${server.keys.ordinary}`,
  'Content-Type': 'application/json',
  'User-Agent': 'loa-tests/1.0',
})

describe('request bodies over 1 MB', () => {
  it('are refused with 413 and the error envelope, and charge nothing', async () => {
    const before = await accountState(server, 'ordinary')
    const res = await call(server, '/v1/audio/speech', {
      key: server.keys.ordinary,
      body: { model: 'openai/tts-1', voice: 'nova', input: 'a'.repeat(1_500_000) },
    })
    expect(res.status).toBe(413)
    const e = envelope(res)
    expect(e.code).toBe('request_too_large')
    expect(e.message).toContain('1000000 bytes')
    expect(res.headers.get('x-request-id')).toBe(e.request_id)
    expect((await accountState(server, 'ordinary')).wallet).toEqual(before.wallet)
  })

  it('are refused from their Content-Length, before the body is sent', async () => {
    const post = openPost('/v1/audio/speech', { ...speechHeaders(), 'Content-Length': String(5_000_000) })
    post.req.flushHeaders()
    // Nothing of the 5 MB announced is written: only a refusal read from the headers can answer.
    const res = await post.answer
    post.req.destroy()
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body).error.code).toBe('request_too_large')
  })

  it('are refused once the bytes read pass 1 MB when no length is announced', async () => {
    const post = openPost('/v1/audio/speech', speechHeaders())
    const piece = 'a'.repeat(100_000)
    let written = 0
    // The service stops reading at the cap; later writes may find the socket gone.
    try {
      for (; written < 15; written++) await post.write(piece)
      post.req.end()
    } catch {
      // The refusal is what matters, read below.
    }
    const res = await post.answer
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body).error.code).toBe('request_too_large')
  })
})

describe('a speech input over the model limit', () => {
  it('is refused at once with the limit, whatever its length under the byte cap', async () => {
    const input = 'a'.repeat(900_000)
    const res = await call(server, '/v1/audio/speech', {
      key: server.keys.ordinary,
      body: { model: 'openai/tts-1', voice: 'nova', input },
    })
    expect(res.status).toBe(400)
    const e = envelope(res)
    expect(e.code).toBe('input_too_long')
    expect(e.param).toBe('input')
    expect(e.message).toContain('900000 characters')
    expect(e.message).toContain('at most 4096')
  })

  it('leaves the service answering other requests while it arrives', async () => {
    const body = JSON.stringify({ model: 'openai/tts-1', voice: 'nova', input: 'ข'.repeat(300_000) })
    const post = openPost('/v1/audio/speech', {
      ...speechHeaders(),
      'Content-Length': String(Buffer.byteLength(body)),
    })
    const pieces = 8
    const size = Math.ceil(body.length / pieces)
    let answered = 0
    for (let i = 0; i < pieces; i++) {
      await post.write(body.slice(i * size, (i + 1) * size))
      // Each GET is answered while the POST is still open: its body is not all there yet.
      if (i < pieces - 1) {
        const models = await call(server, '/v1/models/tts', { key: server.keys.ordinary })
        if (models.status === 200) answered++
      }
    }
    post.req.end()
    const res = await post.answer
    expect(answered).toBe(pieces - 1)
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).error.message).toContain('300000 characters')
  })
})
