// Frame decoding, gateway `svc` events and the adapter factory, shared by both protocols.
import { describe, expect, test } from 'vitest'
import { AppError } from '../../../main/errors'
import { createAdapter, wireProtocolOf } from '../../../main/realtime/adapters/create-adapter'
import { decodeFrame } from '../../../main/realtime/adapters/decode-frame'
import type { FrameData } from '../../../main/realtime/adapters/adapter'
import { binaryFrame, play } from './support'

describe('frame decoding', () => {
  const json = '{"setupComplete":{"note":"ồ"}}'
  const bytes = Buffer.from(json, 'utf8')
  const message = { setupComplete: { note: 'ồ' } }

  test('text, ArrayBuffer, views at odd offsets, DataView and fragments all decode alike', () => {
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)
    const frames: FrameData[] = [
      json,
      arrayBuffer,
      binaryFrame(json),
      new DataView(arrayBuffer),
      [bytes.subarray(0, 5), bytes.subarray(5, 21), bytes.subarray(21)],
    ]
    for (const frame of frames) expect(decodeFrame(frame)).toEqual({ message })
  })

  test('what is not a JSON object is reported with a sample, never thrown', () => {
    expect(decodeFrame('{"a":')).toEqual({
      malformed: { type: 'malformed', reason: 'not JSON', sample: '{"a":' },
    })
    expect(decodeFrame('null')).toEqual({
      malformed: { type: 'malformed', reason: 'not a JSON object', sample: 'null' },
    })
    expect(decodeFrame(new Uint8Array([0xff, 0xfe, 0x7b]))).toMatchObject({
      malformed: { reason: 'not JSON' },
    })
    expect(decodeFrame(42 as unknown as FrameData)).toMatchObject({
      malformed: { reason: 'unsupported frame type' },
    })
    const long = `[${'1,'.repeat(500)}1]`
    expect(decodeFrame(long)).toMatchObject({ malformed: { sample: long.slice(0, 120) } })
  })
})

describe('gateway svc events', () => {
  const expected = [
    'service session.active {"maxSpendVnd":50000,"estimatedVndPerMin":2709,"sessionId":"rts_abc"}',
    'service usage.settled {"amountVnd":1234.5,"chargedVnd":1234.5,"unpaidVnd":0,"totalVnd":1234.5,"balanceVnd":98765,"sessionId":"rts_abc","final":false}',
    'service warning.low_balance {"balanceVnd":2000,"nextWindowEstimateVnd":2709,"sessionId":"rts_abc"}',
    'service warning.max_spend {"totalVnd":41000,"maxSpendVnd":50000,"usedPercent":82,"sessionId":"rts_abc"}',
    'service session.terminated {"totalVnd":41000,"sessionId":"rts_abc","reason":"insufficient_balance","message":"Wallet is empty."}',
    'service session.ended {"totalVnd":41000,"sessionId":"rts_abc","reason":"client_deleted","status":"ended"}',
    // Unknown kinds pass through; fields of the wrong type are not lifted.
    'service session.paused {"amountVnd":7}',
    'malformed svc event without a type "{\\"amount_vnd\\":1}"',
    'malformed svc event without a type "\\"session.active\\""',
  ]

  test.each(['openai-realtime-v1', 'gemini-live-v1beta'])(
    'are read the same way by the %s adapter',
    (protocol) => {
      const { lines, events } = play(createAdapter(protocol), 'gateway-svc.jsonl')
      expect(lines).toEqual(expected)
      expect(events[1]).toMatchObject({ payload: { window_index: 1, usage: { total_tokens: 900 } } })
    },
  )
})

describe('createAdapter', () => {
  test('chooses by engine_protocol / connection.protocol', () => {
    expect(wireProtocolOf('openai-realtime-v1')).toBe('model-r')
    expect(wireProtocolOf('acme-realtime-v1')).toBe('model-r')
    expect(wireProtocolOf('gemini-live-v1beta')).toBe('live')
    expect(wireProtocolOf('acme-live-v1beta')).toBe('live')
    expect(wireProtocolOf('Live')).toBe('live')
    expect(wireProtocolOf('deliver-v1')).toBeNull()
    expect(createAdapter('openai-realtime-v1').wire).toBe('model-r')
    expect(createAdapter('gemini-live-v1beta', { turnDetection: 'server' })).toMatchObject({
      wire: 'live',
      turnDetection: 'server',
    })
    expect(createAdapter('gemini-live-v1beta').turnDetection).toBe('manual')
  })

  test('an unknown protocol is a protocol error naming it', () => {
    expect(() => createAdapter('sip-v2')).toThrow(AppError)
    expect(() => createAdapter('sip-v2')).toThrow("Unknown realtime protocol 'sip-v2'.")
    let caught: unknown = null
    try {
      createAdapter('')
    } catch (err) {
      caught = err
    }
    expect(caught).toMatchObject({ kind: 'protocol', field: 'connection.protocol' })
  })
})
