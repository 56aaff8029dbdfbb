// The page's handle on the capture worklet's held track (held-fifo.ts): a MediaStreamTrack made in the
// voice audio's own AudioContext from the microphone, which a WebRTC link sends when a press moves from
// audio events to the track mid-way, so the track can wait for the events before it.
import type { HeldCommand } from './held-fifo'

export interface HeldTrack {
  /** What the link sends: silence until released, then the microphone from the switch point on. */
  readonly track: MediaStreamTrack
  /**
   * From the next capture frame on, the microphone is the track's; its audio waits for `release`, which
   * may come `backlogMs` later than usual (room is made for that much more).
   */
  hold(backlogMs?: number): void
  release(): void
  /** No more frames for the track; resolves once it has played what it held (at once if it held none). */
  stop(): Promise<void>
  /** Drops what it holds: the link is gone. */
  cancel(): void
}

/** The worklet's side: its port's commands, and its word that a stopped track has played out. */
export interface HeldTrackPort {
  post(command: HeldCommand): void
  onDrained(listener: () => void): void
}

export function heldTrack(track: MediaStreamTrack, port: HeldTrackPort): HeldTrack {
  let stopping: { done: () => void } | null = null
  let holding = false
  const finish = (): void => {
    const s = stopping
    stopping = null
    s?.done()
  }
  port.onDrained(finish)
  return {
    track,
    hold(backlogMs = 0) {
      finish()
      holding = true
      port.post({ type: 'hold', backlogMs })
    },
    release() {
      port.post({ type: 'release' })
    },
    stop() {
      if (!holding) return Promise.resolve()
      holding = false
      finish()
      return new Promise((resolve) => {
        stopping = { done: resolve }
        port.post({ type: 'stop' })
      })
    },
    cancel() {
      holding = false
      port.post({ type: 'cancel' })
      finish()
    },
  }
}
