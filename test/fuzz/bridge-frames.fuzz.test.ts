// The harness's bridge socket takes frames from a page; a page may be anything. Every frame is either a
// well-formed invoke or a stated problem (the socket is closed on it): parsing never throws, and an
// accepted frame is exactly what was sent.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseBridgeFrame } from '../../main/web/bridge-frame'

const invoke = fc.record(
  {
    t: fc.oneof(fc.constant('invoke'), fc.string()),
    id: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string()),
    channel: fc.oneof(fc.constantFrom('app:info', 'settings:get', 'tts:estimate'), fc.string({ maxLength: 80 }), fc.integer()),
    request: fc.jsonValue(),
  },
  { requiredKeys: [] },
) // prettier-ignore

const text = fc.oneof(
  invoke.map((f) => JSON.stringify(f)),
  invoke.chain((f) => {
    const s = JSON.stringify(f)
    return fc.nat(s.length).map((n) => s.slice(0, n))
  }),
  fc.json(),
  fc.string(),
)

describe('bridge frames from any page', () => {
  it('are an invoke or a problem, never an exception', () => {
    fc.assert(
      fc.property(fc.oneof(text.map((t) => Buffer.from(t)), fc.uint8Array().map((b) => Buffer.from(b))), fc.boolean(), (data, isBinary) => {
        const frame = parseBridgeFrame(data, isBinary)
        if ('problem' in frame) {
          expect(frame.problem).toMatch(/^the /)
          return
        }
        expect(isBinary).toBe(false)
        const sent = JSON.parse(data.toString('utf8'))
        expect(frame).toEqual({ t: 'invoke', id: sent.id, channel: sent.channel, request: sent.request ?? undefined })
        expect(Number.isSafeInteger(frame.id) && frame.id >= 0).toBe(true)
      }),
      { numRuns: 3000 },
    ) // prettier-ignore
  })

  it('arrive whole or in fragments alike', () => {
    fc.assert(
      fc.property(invoke, fc.nat(), (f, at) => {
        const bytes = Buffer.from(JSON.stringify(f))
        const n = at % (bytes.length + 1)
        expect(parseBridgeFrame([bytes.subarray(0, n), bytes.subarray(n)], false)).toEqual(parseBridgeFrame(bytes, false))
      }),
    ) // prettier-ignore
  })
})
