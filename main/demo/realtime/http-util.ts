// Small HTTP helpers shared by the realtime routes.
import type { IncomingMessage } from 'node:http'
import type { DemoClock } from '../context'

export const MAX_BODY_BYTES = 64 * 1024

// One way to write JSON for the whole demo service.
export { sendJson } from '../http/respond'

export type BodyResult =
  { ok: true; value: unknown } | { ok: false; status: number; code: string; message: string }

export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes)
      return {
        ok: false,
        status: 413,
        code: 'request_too_large',
        message: `The body is over ${maxBytes} bytes.`,
      }
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The body is not valid JSON.' }
  }
}

export async function readTextBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Retry-After in real seconds (the service-time wait divided by the time scale), at least 1, as the rest of the service. */
export function retryAfterHeader(clock: DemoClock, serviceWaitMs: number): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, Math.ceil(serviceWaitMs / clock.timeScale / 1000))) }
}
