// The client side of the tests: HTTP calls, a WebSocket that records every frame, and PCM helpers.
import WebSocket from 'ws'

/** Parsed JSON from the service; the tests check its shape at run time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export interface HttpAnswer {
  status: number
  headers: Headers
  json: Json
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.key) headers.authorization = `Bearer ${opts.key}`
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const text = await res.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: res.status, headers: res.headers, json }
}

export async function createSession(
  baseUrl: string,
  key: string,
  body: Record<string, unknown>,
): Promise<Json> {
  const answer = await call(baseUrl, 'POST', '/v1/realtime/sessions', { key, body })
  if (answer.status !== 200) throw new Error(`create failed ${answer.status}: ${JSON.stringify(answer.json)}`)
  return answer.json
}

type Msg = Record<string, Json>

export interface OpenOptions {
  /** How the token is presented: query (default), bearer header, or subprotocol. */
  tokenVia?: 'query' | 'header' | 'protocol'
  headers?: Record<string, string>
  protocols?: string[]
}

export class TestSocket {
  readonly messages: Msg[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  #waiters: (() => void)[] = []

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as Msg)
      for (const w of this.#waiters.splice(0)) w()
    })
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        for (const w of this.#waiters.splice(0)) w()
        resolve({ code, reason: reason.toString() })
      })
    })
  }

  /** Opens the socket at `connection.url` with `token`; rejects with the HTTP answer when the upgrade is refused. */
  static open(url: string, token: string, opts: OpenOptions = {}): Promise<TestSocket> {
    const via = opts.tokenVia ?? 'query'
    const target = via === 'query' ? `${url}?token=${encodeURIComponent(token)}` : url
    const headers = { ...opts.headers, ...(via === 'header' ? { authorization: `Bearer ${token}` } : {}) }
    const protocols = [...(opts.protocols ?? []), ...(via === 'protocol' ? [`realtime-token.${token}`] : [])]
    const ws = new WebSocket(target, protocols, { headers })
    const socket = new TestSocket(ws)
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket))
      ws.once('unexpected-response', (_req, res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () =>
          reject(Object.assign(new Error('refused'), { status: res.statusCode, body: JSON.parse(body) })),
        )
      })
      ws.once('error', reject)
    })
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message))
  }

  /** The `n`-th message (1-based) matching `pred`, waiting for it if needed. */
  async waitFor(pred: (m: Msg) => boolean, n = 1, timeoutMs = 8_000): Promise<Msg> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.filter(pred)
      if (found.length >= n) return found[n - 1] as Msg
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed before the message came`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out; got ${JSON.stringify(this.types())}`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }

  type(type: string, n = 1): Promise<Msg> {
    return this.waitFor((m) => m.type === type, n)
  }

  svc(type: string, n = 1, timeoutMs?: number): Promise<Msg> {
    return this.waitFor((m) => m.svc?.type === type, n, timeoutMs).then((m) => m.svc as Msg)
  }

  /** A compact list of what arrived: `type`, `svc:<type>`, or the live-type top-level keys. */
  types(): string[] {
    return this.messages.map(
      (m) =>
        m.type ??
        (m.svc
          ? `svc:${m.svc.type}`
          : m.serverContent
            ? `sc:${Object.keys(m.serverContent).join('+')}`
            : Object.keys(m).join('+')),
    )
  }
}

export function sine(seconds: number, freqHz = 440, amplitude = 8_000, rateHz = 16_000): Int16Array {
  const pcm = new Int16Array(Math.round(seconds * rateHz))
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * freqHz * i) / rateHz))
  return pcm
}

export function silence(seconds: number, rateHz = 16_000): Int16Array {
  return new Int16Array(Math.round(seconds * rateHz))
}

export function concat(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

export function toBase64(pcm: Int16Array): string {
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString('base64')
}

export function fromBase64(b64: string): Int16Array {
  const bytes = Buffer.from(b64, 'base64')
  const out = new Int16Array(bytes.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2)
  return out
}

export function chunks(pcm: Int16Array, chunkSamples: number): Int16Array[] {
  const out: Int16Array[] = []
  for (let at = 0; at < pcm.length; at += chunkSamples) out.push(pcm.subarray(at, at + chunkSamples))
  return out
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Sends `pcm` in 100 ms chunks at real-time pace in service time (`timeScale` chunks per 100 real ms). */
export async function sendPaced(
  send: (chunk: Int16Array) => void,
  pcm: Int16Array,
  timeScale: number,
): Promise<void> {
  const start = performance.now()
  for (const [i, chunk] of chunks(pcm, 1_600).entries()) {
    const dueMs = (i * 100) / timeScale
    const wait = dueMs - (performance.now() - start)
    if (wait > 0) await sleep(wait)
    send(chunk)
  }
}
