// Frame -> JSON object, shared by both adapters. Text and binary frames are treated alike: live-type
// servers may send JSON in binary frames (realtime-protocols.md §1), which js-genai decodes with
// TextDecoder before JSON.parse.
import type { RealtimeEventOf } from '../engine/events'
import type { FrameData } from './adapter'
import { obj, type JsonObject } from '../../api/json-fields'

const SAMPLE_CHARS = 120
const utf8 = new TextDecoder('utf-8', { fatal: false })

export type DecodedFrame = { message: JsonObject } | { malformed: RealtimeEventOf<'malformed'> }

export function decodeFrame(frame: FrameData): DecodedFrame {
  const text = frameText(frame)
  if (text === null) return malformed('unsupported frame type', '')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return malformed('not JSON', text)
  }
  const message = obj(value)
  return message ? { message } : malformed('not a JSON object', text)
}

export function malformed(reason: string, text: string): { malformed: RealtimeEventOf<'malformed'> } {
  return { malformed: { type: 'malformed', reason, sample: text.slice(0, SAMPLE_CHARS) } }
}

function frameText(frame: unknown): string | null {
  if (typeof frame === 'string') return frame
  if (frame instanceof ArrayBuffer) return utf8.decode(frame)
  if (ArrayBuffer.isView(frame)) return utf8.decode(frame)
  if (Array.isArray(frame) && frame.every((part) => ArrayBuffer.isView(part))) {
    return utf8.decode(
      Buffer.concat(frame.map((p: ArrayBufferView) => new Uint8Array(p.buffer, p.byteOffset, p.byteLength))),
    )
  }
  return null
}
