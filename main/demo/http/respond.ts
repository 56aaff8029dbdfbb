// Writing answers: JSON, binary audio, and the spec's error envelope with a trace id.
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { ErrorEnvelope } from '../context'

export function newRequestId(): string {
  return `req_${randomBytes(12).toString('hex')}`
}

export function errorEnvelope(
  code: string,
  type: string,
  message: string,
  param: string | null = null,
): ErrorEnvelope {
  return { error: { message, type, param, code, request_id: newRequestId() } }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

export function sendEnvelope(
  res: ServerResponse,
  status: number,
  body: ErrorEnvelope,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, body, { 'X-Request-Id': body.error.request_id, ...headers })
}

export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  type: string,
  message: string,
  param: string | null = null,
  headers: Record<string, string> = {},
): void {
  sendEnvelope(res, status, errorEnvelope(code, type, message, param), headers)
}

export function sendBytes(
  res: ServerResponse,
  status: number,
  contentType: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': bytes.length, ...headers })
  res.end(bytes)
}
