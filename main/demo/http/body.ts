// Reading a JSON request body with a size cap. A body over the cap is refused as soon as it is known to
// be: from its Content-Length before a byte is read, else once the bytes read pass the cap. Nothing over
// the cap is kept or parsed, so one huge request costs the service no more than the cap.
import type { IncomingMessage } from 'node:http'

export const MAX_BODY_BYTES = 1_000_000

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413; code: 'invalid_json' | 'request_too_large'; message: string }

const TOO_LARGE = {
  ok: false,
  status: 413,
  code: 'request_too_large',
  message: `The request body is over ${MAX_BODY_BYTES} bytes. Send less text in each request.`,
} as const

export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return TOO_LARGE
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return TOO_LARGE
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '')
    return {
      ok: false,
      status: 400,
      code: 'invalid_json',
      message: 'The request body must be a JSON object.',
    }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' }
  }
}
