// How the WebRTC playback figures are read from the page's statistics: which concealment events are
// underruns (gaps inside an answer) and which are the talkspurt's edges; and which datagrams are RTP.
import { describe, expect, it } from 'vitest'
import { rtpHeader } from '../../bench/netem/rtp-header'
import { perMinute, playback } from '../../bench/rtc-playback/figures'
import type { StatsSample } from '../../bench/rtc-playback/page'

const ZERO: StatsSample = {
  atMs: 0,
  concealmentEvents: 0,
  concealedSamples: 0,
  silentConcealedSamples: 0,
  totalSamplesReceived: 0,
  jitterBufferEmittedCount: 0,
  jitterBufferDelay: 0,
  jitterBufferTargetDelay: 0,
  jitterBufferMinimumDelay: 0,
  insertedSamplesForDeceleration: 0,
  removedSamplesForAcceleration: 0,
  packetsReceived: 0,
  packetsLost: 0,
  packetsDiscarded: 0,
}

/** Readings 50 ms apart: [samples emitted so far, concealment events so far]. */
function readings(steps: [number, number][]): StatsSample[] {
  return steps.map(([emitted, events], i) => ({
    ...ZERO,
    atMs: i * 50,
    jitterBufferEmittedCount: emitted,
    concealmentEvents: events,
    // Every emitted sample waited 60 ms, against a target of 40.
    jitterBufferDelay: emitted * 0.06,
    jitterBufferTargetDelay: emitted * 0.04,
  }))
}

describe('WebRTC playback figures', () => {
  it('count a concealment inside an answer, not the silence after its last packet', () => {
    const answer = readings([
      [0, 0],
      [2_400, 0],
      [4_800, 1], // a gap, with more of the answer after it
      [7_200, 1],
      [9_600, 2], // the end: the buffer runs dry for good
      [9_600, 2],
    ])
    const figures = playback([answer])
    expect(figures.underruns).toBe(1)
    expect(figures.emittedSamples).toBe(9_600)
    expect(figures.delayMs).toBeCloseTo(60)
    expect(figures.targetDelayMs).toBeCloseTo(40)
  })

  it('leave out an event before the answer began to play, and sum over answers', () => {
    const first = readings([
      [0, 0],
      [0, 1],
      [2_400, 1],
      [4_800, 2],
      [7_200, 2],
    ])
    const second = readings([
      [7_200, 2],
      [9_600, 3],
      [12_000, 3],
    ])
    expect(playback([first, second]).underruns).toBe(1 + 0)
    expect(playback([first, second]).emittedSamples).toBe(12_000)
  })

  it('give per minute of 48 kHz audio, and no figure for none', () => {
    expect(perMinute(3, 48_000 * 30)).toBe(6)
    expect(perMinute(0, 0)).toBeNaN()
  })

  it('read an RTP header and pass over STUN, DTLS and RTCP', () => {
    const rtp = Uint8Array.from([0x80, 0xef, 0x12, 0x34, 0, 0, 0x03, 0xc0, 1, 2, 3, 4, 9, 9])
    expect(rtpHeader(rtp)).toEqual({ sequenceNumber: 0x1234, timestamp: 960, payloadType: 111 })
    const rtcp = Uint8Array.from([0x81, 200, 0, 6, 1, 2, 3, 4, 0, 0, 0, 0])
    expect(rtpHeader(rtcp)).toBeNull()
    const stun = Uint8Array.from([0x00, 0x01, 0, 0, 0x21, 0x12, 0xa4, 0x42, 0, 0, 0, 0])
    expect(rtpHeader(stun)).toBeNull()
    const dtls = Uint8Array.from([22, 0xfe, 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(rtpHeader(dtls)).toBeNull()
  })
})
