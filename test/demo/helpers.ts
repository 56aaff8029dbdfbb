// Shared by the demo service tests: start a server per file, call it over real HTTP, read its state.
import { request as httpRequest } from 'node:http'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../main/demo/server'

export const UA = 'loa-tests/1.0'

export async function startServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  // The realtime mount is another part's subject; these tests drive the management and TTS APIs alone.
  return startDemoServer({ mounts: [], ...opts })
}

export interface CallOptions {
  key?: string
  method?: string
  body?: unknown
  headers?: Record<string, string>
}

export interface CallResult {
  status: number
  headers: Headers
  bytes: Buffer
  // Whatever JSON.parse gives: tests read fields freely and assert their shapes themselves.
  json: ReturnType<typeof JSON.parse>
}

export async function call(server: DemoServer, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { 'User-Agent': UA, ...opts.headers }
  if (opts.key !== undefined) headers.Authorization = `Bearer ${opts.key}`
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(server.baseUrl + path, {
    method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  let json: unknown = undefined
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(bytes.toString('utf8'))
  return { status: res.status, headers: res.headers, bytes, json }
}

/** A request with no User-Agent at all (fetch always sends one). */
export function rawGet(
  server: DemoServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(server.baseUrl + path, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

export interface AccountState {
  key: string
  id: string
  plan: string
  kind: string
  wallet: { realVND: number; bonusVND: number; totalVND: number }
  usageRecords: number
}

export async function accountState(server: DemoServer, key: string): Promise<AccountState> {
  const res = await call(server, '/__demo/state')
  const found = (res.json.accounts as AccountState[]).find((a) => a.key === key)
  if (!found) throw new Error(`No account for key ${key}`)
  return found
}

export async function control(server: DemoServer, path: string, body: unknown): Promise<CallResult> {
  return call(server, `/__demo/${path}`, { body })
}

export function advanceClock(server: DemoServer, ms: number): Promise<CallResult> {
  return control(server, 'clock', { advanceMs: ms })
}

/** Asserts the spec's error envelope and returns its inner object. */
export function envelope(res: CallResult): {
  message: string
  type: string
  param: string | null
  code: string
  request_id: string
} {
  const e = res.json?.error
  if (typeof e !== 'object' || e === null)
    throw new Error(`Not an error envelope: ${res.bytes.toString('utf8').slice(0, 200)}`)
  for (const field of ['message', 'type', 'code', 'request_id']) {
    if (typeof e[field] !== 'string') throw new Error(`Envelope field ${field} is not a string`)
  }
  if (!(e.param === null || typeof e.param === 'string'))
    throw new Error('Envelope param is neither null nor string')
  return e
}
