// The SSE decoder against the standard's rules, fed in every possible split of the text, and the
// normalisation of each plausible frame shape into the WebSocket's `{"svc":...}` frame.
import { describe, expect, it } from 'vitest'
import { serviceEventFrame } from '../../../main/realtime/transports/service-event-frame'
import { SseParser, type SseEvent } from '../../../main/realtime/transports/sse-parser'

function parseIn(pieces: string[]): { events: SseEvent[]; parser: SseParser } {
  const parser = new SseParser()
  const events = pieces.flatMap((p) => parser.push(p))
  return { events, parser }
}

const STREAM =
  ': events of sess_1\r\n\r\n' +
  'id: 1\r\nevent: session.active\r\ndata: {"svc":{"type":"session.active"}}\r\n\r\n' +
  'id: 2\nevent: usage.settled\ndata: {"type":"usage.settled",\ndata:  "amount_vnd": 120}\n\n' +
  'retry: 2500\rdata: last\r\r' +
  'data: no blank line yet'

describe('SseParser', () => {
  it('decodes events, ids, retry and comments with CRLF, LF and CR line ends', () => {
    const { events, parser } = parseIn([STREAM])
    expect(events).toEqual([
      { type: 'session.active', data: '{"svc":{"type":"session.active"}}', lastEventId: '1' },
      { type: 'usage.settled', data: '{"type":"usage.settled",\n "amount_vnd": 120}', lastEventId: '2' },
      { type: 'message', data: 'last', lastEventId: '2' },
    ])
    expect(parser.retryMs).toBe(2500)
    expect(parser.lastEventId).toBe('2')
  })

  it('gives the same events however the text is cut into pieces', () => {
    const whole = parseIn([STREAM]).events
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(parseIn([STREAM.slice(0, cut), STREAM.slice(cut)]).events).toEqual(whole)
    }
    expect(parseIn([...STREAM]).events).toEqual(whole)
  })

  it('drops a line too long to be an event and carries on with the next', () => {
    const huge = 'data: ' + 'x'.repeat(1_100_000)
    const { events } = parseIn([huge.slice(0, 600_000), huge.slice(600_000), '\n\n', 'data: ok\n\n'])
    expect(events).toEqual([{ type: 'message', data: 'ok', lastEventId: '' }])
  })

  it('ignores unknown fields, an id with NUL, and events without data', () => {
    const { events } = parseIn(['foo: bar\nid: a\0b\nevent: x\n\nid: 7\ndata\n\n'])
    expect(events).toEqual([{ type: 'message', data: '', lastEventId: '7' }])
  })
})

describe('serviceEventFrame', () => {
  const frame = (type: string, data: string): unknown => {
    const service = serviceEventFrame({ type, data, lastEventId: '' })
    if (service === null) return null
    const parsed = JSON.parse(service.frame) as { svc: { type: string } }
    expect(parsed.svc.type).toBe(service.type)
    return parsed
  }

  it('accepts the WebSocket envelope, the bare event, and the type only in the event name', () => {
    const settled = { svc: { type: 'usage.settled', amount_vnd: 120 } }
    expect(frame('usage.settled', JSON.stringify(settled))).toEqual(settled)
    expect(frame('message', '{"type":"usage.settled","amount_vnd":120}')).toEqual(settled)
    expect(frame('usage.settled', '{"amount_vnd":120}')).toEqual(settled)
    expect(frame('usage.settled', '{"svc":{"amount_vnd":120}}')).toEqual(settled)
  })

  it('keeps an event named only by the stream, with its text as the message', () => {
    expect(frame('session.ended', 'bye')).toEqual({ svc: { type: 'session.ended', message: 'bye' } })
    expect(frame('session.ended', '')).toEqual({ svc: { type: 'session.ended' } })
    expect(frame('session.ended', '[1,2]')).toEqual({ svc: { type: 'session.ended' } })
  })

  it('drops what names no event at all', () => {
    expect(frame('message', 'hello')).toBeNull()
    expect(frame('message', '{"amount_vnd":1}')).toBeNull()
    expect(frame('message', '42')).toBeNull()
  })
})
