// A tiny HTTP server answering what a test scripts, recording every request it saw.
import { createServer, type IncomingHttpHeaders } from 'node:http'

export interface SeenRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; raw?: string }

export async function startStubGateway(route: (path: string, headers: IncomingHttpHeaders) => Reply) {
  const seen: SeenRequest[] = []
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    seen.push({ method: req.method ?? 'GET', path, headers: req.headers })
    const reply = route(path, req.headers)
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers })
    res.end(reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no address')
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export function envelope(
  status: number,
  code: string,
  message: string,
  type = 'invalid_request_error',
): Reply {
  return { status, body: { error: { message, type, param: null, code, request_id: 'req_test' } } }
}
