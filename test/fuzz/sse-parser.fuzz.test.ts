// The SSE decoder against any stream cut anywhere: the events do not depend on where the pieces break
// (an empty piece included, as a TextDecoder gives for a lone half of a character), nothing throws, and
// what comes out is what a whole-stream reading of the standard gives.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SseParser, type SseEvent } from '../../main/realtime/transports/sse-parser'

/** Lines an event stream is made of, with every line ending the standard allows. */
const line = fc.oneof(
  fc.string({ maxLength: 20 }).map((v) => `data: ${v}`),
  fc.string({ maxLength: 20 }).map((v) => `data:${v}`),
  fc.constantFrom('data', 'event: usage', 'event: session.ended', 'event:', ': keep-alive', ':', 'id: 7', 'id', 'id: a\0b', 'retry: 1500', 'retry: x', 'unknown: y', ''),
  fc.string({ maxLength: 12 }),
) // prettier-ignore
const ending = fc.constantFrom('\n', '\r', '\r\n')
const stream = fc
  .array(fc.tuple(line, ending), { maxLength: 30 })
  .map((lines) => lines.map(([l, e]) => l + e).join(''))

/** `text` cut at the given offsets into pieces, some of them empty. */
function cut(text: string, offsets: number[]): string[] {
  const at = [...new Set(offsets.map((o) => o % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const o of at) {
    pieces.push(text.slice(from, o), '')
    from = o
  }
  pieces.push(text.slice(from))
  return pieces
}

function read(pieces: string[]): { events: SseEvent[]; lastEventId: string; retryMs: number | null } {
  const parser = new SseParser()
  const events = pieces.flatMap((p) => parser.push(p))
  return { events, lastEventId: parser.lastEventId, retryMs: parser.retryMs }
}

describe('the SSE decoder on any stream, cut anywhere', () => {
  it('gives the same events however the stream is cut', () => {
    fc.assert(
      fc.property(fc.oneof(stream, fc.string()), fc.array(fc.nat(), { maxLength: 8 }), (text, offsets) => {
        expect(read(cut(text, offsets))).toEqual(read([text]))
      }),
      { numRuns: 3000 },
    )
  })

  it('dispatches one event per blank line after data, joining data lines with LF', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ maxLength: 10 }).filter((s) => !/[\r\n]/.test(s)), { minLength: 1, maxLength: 3 }), { maxLength: 6 }), ending, (events, eol) => {
        const text = events.map((lines) => lines.map((l) => `data: ${l}${eol}`).join('') + eol).join('')
        expect(read([text]).events.map((e) => e.data)).toEqual(events.map((lines) => lines.join('\n')))
      }),
    ) // prettier-ignore
  })
})
