// A WebRTC press whose link opens late: what was said before goes as audio events on the data channel,
// and the track takes over during the same press once they have left, not at the key's release.
import { describe, expect, it } from 'vitest'
import { TurnSender } from '../../../main/realtime/engine/turn-sender'
import type { OutboxSink } from '../../../main/realtime/link/outbox'
import { ManualClock } from '../support/manual-clock'

const RATE_HZ = 16_000
const FRAME_MS = 20

/** A data channel whose buffer empties as soon as anything is sent. */
function channel(): OutboxSink & { frames: string[] } {
  return {
    open: true,
    bufferedBytes: 0,
    frames: [],
    send(frame) {
      this.frames.push(frame)
      return true
    },
  }
}

describe('a press over WebRTC whose link opens late', () => {
  it('moves to the track while the key is still down, with every word said before sent as events', () => {
    const clock = new ManualClock()
    const live: boolean[] = []
    const sender = new TurnSender(
      clock,
      { burstMs: 1_000, maxQueuedAudioMs: 30_000, handsFree: false },
      { sent: () => {}, trackLive: (on) => void live.push(on), dropped: () => {} },
    )
    sender.setAudioOnTrack(true)
    sender.begin()
    const speak = (ms: number) => {
      for (let t = 0; t < ms; t += FRAME_MS) {
        sender.capture(RATE_HZ, new Float32Array((RATE_HZ * FRAME_MS) / 1000).fill(0.1))
        clock.advance(FRAME_MS)
      }
    }
    // 2.5 s said while the link connects: more than the WebSocket's one-second allowance.
    speak(2_500)
    const dc = channel()
    sender.attach(dc, (c) => [JSON.stringify({ type: c.type })], false)
    speak(500)
    // The key is still down, and the track already carries the microphone.
    expect(sender.pressed).toBe(true)
    expect(live).toEqual([true])
    const appended = dc.frames.filter((f) => f.includes('appendAudio')).length
    expect(appended * FRAME_MS).toBeGreaterThanOrEqual(2_500)
  })
})
