// Loopback-only endpoints for tests and demos (never under /v1):
//   GET  /__demo/realtime/sessions/{id}/audio            WAV (16 kHz mono) of the audio the session received,
//        up to the first 60 s; headers X-Demo-Received-Samples, X-Demo-Committed-Samples, X-Demo-Sent-Samples-24k
//   GET  /__demo/realtime/sessions/{id}/audio?format=json the same counts as JSON, without the PCM
//   POST /__demo/realtime/sessions/{id}/terminate         body {"reason": <termination reason>}: cuts the session
//   POST /__demo/realtime/routes                          body {"model": id, "available": bool}: while false,
//        creating a session on that model answers 503 realtime_no_route
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DemoContext } from '../context'
import type { SessionAudioDebug } from './audio-record'
import { isLoopbackPeer as isLoopback } from '../http/loopback'
import { readJsonBody, sendJson } from './http-util'
import type { TerminationReason } from './service-events'
import type { SessionStore } from './session-store'

const PATH = /^\/__demo\/realtime\/sessions\/([^/]+)\/(audio|terminate)$/
const REASONS: TerminationReason[] = [
  'insufficient_balance',
  'max_spend_reached',
  'max_duration_reached',
  'key_revoked',
  'maintenance',
  'system_error',
]

export function wavBytes(pcm: Int16Array, sampleRateHz: number): Buffer {
  const data = Buffer.alloc(pcm.length * 2)
  for (let i = 0; i < pcm.length; i++) data.writeInt16LE(pcm[i] ?? 0, i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(sampleRateHz, 24)
  header.writeUInt32LE(sampleRateHz * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

function countsJson(a: SessionAudioDebug): Record<string, unknown> {
  return {
    sample_rate_hz: a.sampleRateHz,
    received_samples: a.receivedSamples,
    retained_samples: a.retainedPcm.length,
    appends: a.appends,
    committed_turns: a.committedTurns.map((t) => ({ item_id: t.itemId, samples: t.samples })),
    sent_samples_24k: a.sentSamples24k,
  }
}

export interface DebugDeps {
  ctx: DemoContext
  store: SessionStore
  unroutable: Set<string>
}

export async function routeDebug(
  d: DebugDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { ctx, store } = d
  if (url.pathname === '/__demo/realtime/routes' && req.method === 'POST' && isLoopback(req)) {
    const body = await readJsonBody(req)
    const { model, available } = (body.ok ? body.value : {}) as { model?: unknown; available?: unknown }
    if (typeof model !== 'string' || typeof available !== 'boolean') {
      return ctx.sendError(
        res,
        400,
        'invalid_parameter',
        'invalid_request_error',
        'Send {"model": id, "available": bool}.',
      )
    }
    if (available) d.unroutable.delete(model)
    else d.unroutable.add(model)
    return sendJson(res, 200, { model, available })
  }
  const match = PATH.exec(url.pathname)
  const session = match ? store.get(match[1] ?? '') : undefined
  if (!isLoopback(req) || !match || !session) {
    return ctx.sendError(res, 404, 'not_found', 'invalid_request_error', 'Not found.')
  }
  if (match[2] === 'audio' && req.method === 'GET') {
    const audio = session.recorder.snapshot()
    if (url.searchParams.get('format') === 'json') return sendJson(res, 200, countsJson(audio))
    const wav = wavBytes(audio.retainedPcm, audio.sampleRateHz)
    res.writeHead(200, {
      'Content-Type': 'audio/wav',
      'Content-Length': wav.length,
      'X-Demo-Received-Samples': String(audio.receivedSamples),
      'X-Demo-Committed-Samples': String(audio.committedTurns.reduce((n, t) => n + t.samples, 0)),
      'X-Demo-Sent-Samples-24k': String(audio.sentSamples24k),
    })
    res.end(wav)
    return
  }
  if (match[2] === 'terminate' && req.method === 'POST') {
    const body = await readJsonBody(req)
    const reason = body.ok ? (body.value as { reason?: unknown }).reason : undefined
    if (!REASONS.includes(reason as TerminationReason)) {
      return ctx.sendError(
        res,
        400,
        'invalid_parameter',
        'invalid_request_error',
        `reason must be one of ${REASONS.join(', ')}.`,
        'reason',
      )
    }
    session.terminate(reason as TerminationReason)
    return sendJson(res, 200, { id: session.id, status: session.status, end_reason: session.endReason })
  }
  ctx.sendError(res, 405, 'method_not_allowed', 'invalid_request_error', 'Method not allowed.')
}
