// The meter's pace: the capture worklet measures every 10 ms frame, the page redraws at most ~30 times a
// second. Counting frames rather than reading a clock keeps the pace exact and needs no timer.
import { FRAME_MS } from './metered-framer'

export const LEVEL_UPDATES_PER_SEC = 30
/** Frames per update: 4 frames of 10 ms, 25 updates a second. */
export const FRAMES_PER_UPDATE = Math.ceil(1000 / LEVEL_UPDATES_PER_SEC / FRAME_MS)

export class LevelFeed {
  #peak = 0
  #frames = 0

  /** Takes one frame's level; returns the loudest since the last update when one is due, else null. */
  push(level: number): number | null {
    this.#peak = Math.max(this.#peak, level)
    if (++this.#frames < FRAMES_PER_UPDATE) return null
    const peak = this.#peak
    this.reset()
    return peak
  }

  reset(): void {
    this.#peak = 0
    this.#frames = 0
  }
}
