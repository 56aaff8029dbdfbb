// Reading a JSON request body with a size cap.
import type { IncomingMessage } from 'node:http'

const MAX_BODY_BYTES = 1_000_000

export type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string }

export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES)
      return { ok: false, status: 413, message: `Request body is over ${MAX_BODY_BYTES} bytes.` }
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '')
    return { ok: false, status: 400, message: 'The request body must be a JSON object.' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON.' }
  }
}
