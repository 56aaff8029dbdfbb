// The edge protection layer in front of the real service refuses requests without a User-Agent before they
// reach the API (its error 1010). Its answer is not the API's envelope, which is the point: a client must
// not mistake it for an API error.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'

export const EDGE_BLOCK_STATUS = 403
export const EDGE_ERROR_CODE = 1010

export function hasUserAgent(req: IncomingMessage): boolean {
  const ua = req.headers['user-agent']
  return typeof ua === 'string' && ua.trim() !== ''
}

export function sendEdgeBlock(res: ServerResponse, host: string, nowMs: number): void {
  const body = JSON.stringify({
    title: `Error ${EDGE_ERROR_CODE}: Access denied`,
    status: EDGE_BLOCK_STATUS,
    error_code: EDGE_ERROR_CODE,
    error_name: 'browser_signature_banned',
    detail: 'The site owner has blocked access based on your browser signature (no User-Agent header).',
    ray_id: randomBytes(8).toString('hex'),
    timestamp: new Date(nowMs).toISOString(),
    zone: host,
    retryable: false,
  })
  res.writeHead(EDGE_BLOCK_STATUS, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Server: 'edge',
  })
  res.end(body)
}
