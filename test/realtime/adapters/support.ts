// Plays JSONL fixtures into an adapter and writes what comes out as one line per event or sent frame,
// so a test can assert a whole exchange, in order, with nothing left out.
import { readFileSync } from 'node:fs'
import type { RealtimeAdapter } from '../../../main/realtime/adapters/adapter'
import type { RealtimeCommand, RealtimeEvent, TokenUsage } from '../../../main/realtime/engine/events'

/** One fixture line: a server frame (as text, as bytes, or raw text), or a command the app sends. */
export type FixtureLine =
  | { recv: Record<string, unknown> }
  | { recvBinary: Record<string, unknown> }
  | { recvText: string }
  | { send: RealtimeCommand }

const FIXTURES = new URL('../../fixtures/realtime/', import.meta.url)

export function loadFixture(name: string): FixtureLine[] {
  return readFileSync(new URL(name, FIXTURES), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as FixtureLine)
}

export function fixtureFrames(name: string): Record<string, unknown>[] {
  return loadFixture(name).flatMap((l) => ('recv' in l ? [l.recv] : 'recvBinary' in l ? [l.recvBinary] : []))
}

/** UTF-8 bytes at an odd offset of a larger buffer, as a network stack may hand them over. */
export function binaryFrame(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'utf8')
  const host = new Uint8Array(bytes.length + 3)
  host.set(bytes, 1)
  return host.subarray(1, 1 + bytes.length)
}

export interface Played {
  lines: string[]
  events: RealtimeEvent[]
}

export function play(adapter: RealtimeAdapter, fixture: FixtureLine[] | string): Played {
  const lines: string[] = []
  const events: RealtimeEvent[] = []
  const take = (out: RealtimeEvent[]): void => {
    events.push(...out)
    lines.push(...out.map(summarise))
  }
  for (const line of typeof fixture === 'string' ? loadFixture(fixture) : fixture) {
    if ('recv' in line) take(adapter.receive(JSON.stringify(line.recv)))
    else if ('recvBinary' in line) take(adapter.receive(binaryFrame(JSON.stringify(line.recvBinary))))
    else if ('recvText' in line) take(adapter.receive(line.recvText))
    else lines.push(...adapter.encode(line.send).map((frame) => `> ${frame}`))
  }
  return { lines, events }
}

function usageText(u: TokenUsage): string {
  return `in a${u.inputAudio} t${u.inputText} c${u.inputCached} =${u.inputTotal} out a${u.outputAudio} t${u.outputText} =${u.outputTotal} total ${u.total}`
}

/** Every field of the event, compactly; audio as its sample count and rate. */
export function summarise(e: RealtimeEvent): string {
  const flag = (on: boolean, text: string): string => (on ? ` ${text}` : '')
  switch (e.type) {
    case 'session.ready':
      return `session.ready ${e.sessionId}`
    case 'speech.started':
    case 'speech.stopped':
      return `${e.type} ${e.itemId} @${e.audioMs}`
    case 'turn.userCommitted':
      return `turn.userCommitted ${e.itemId}`
    case 'transcript.user.delta':
      return `user.delta ${e.itemId} ${e.replace ? '=' : '+'}${JSON.stringify(e.text)}`
    case 'transcript.user.final':
      return `user.final ${e.itemId} ${JSON.stringify(e.text)}`
    case 'response.started':
      return `response.started ${e.responseId}`
    case 'audio.delta':
      return `audio.delta ${e.responseId} ${e.itemId} ${e.pcm.length}@${e.rateHz}`
    case 'audio.done':
      return `audio.done ${e.responseId} ${e.itemId}${flag(e.cancelled, 'cancelled')}`
    case 'audio.remote':
      return `audio.remote ${e.phase} ${e.responseId}`
    case 'item.truncated':
      return `item.truncated ${e.itemId} @${e.audioEndMs}`
    case 'transcript.assistant.delta':
    case 'transcript.assistant.final': {
      const kind = e.type === 'transcript.assistant.delta' ? 'assistant.delta' : 'assistant.final'
      return `${kind} ${e.responseId} ${e.itemId} ${e.modality} ${JSON.stringify(e.text)}${flag(e.cancelled, 'cancelled')}`
    }
    case 'response.ending':
      return `response.ending ${e.responseId} ${e.signal}`
    case 'response.done':
      return `response.done ${e.responseId} ${e.status}${e.reason === null ? '' : ` (${e.reason})`}`
    case 'usage':
      return `usage ${e.responseId} ${usageText(e.usage)}`
    case 'tool.call':
      return `tool.call ${e.callId} ${e.name} ${e.argumentsJson}`
    case 'tool.cancelled':
      return `tool.cancelled ${e.callIds.join(',')}`
    case 'service': {
      const { type: _t, kind, payload: _p, ...fields } = e
      return `service ${kind} ${JSON.stringify(fields)}`
    }
    case 'error':
      return `error ${e.code} ${JSON.stringify(e.message)} event=${e.eventId} client=${e.clientEventType} item=${e.itemId}${flag(!e.recoverable, 'fatal')}`
    case 'goAway':
      return `goAway ${e.timeLeftMs}`
    case 'resumption':
      return `resumption ${e.handle}${flag(e.resumable, 'resumable')}`
    case 'malformed':
      return `malformed ${e.reason} ${JSON.stringify(e.sample)}`
  }
}
