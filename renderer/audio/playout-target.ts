// How long to hold an item before playing it, learned from how its chunks arrive. A chunk's transit is its
// arrival time less its offset into the item; the item plays through if it is held back by the spread
// between the quickest transit and the slowest, since the first chunk may be the quickest and a later
// one the slowest. The target follows the largest spread at once (a late chunk means the next item needs
// more), and comes down slowly while chunks keep arriving on time, so a steady link plays with no more
// than the floor. A service that sends faster than real time has transits that only fall: no spread,
// no hold. The clock is the player's own, samples rendered, so the figures are exact.

export interface PlayoutTargetOptions {
  rateHz: number
  /** Never hold less than this: one 20 ms frame. */
  floorMs: number
  /** Never hold more than this: past it a stall is an outage, not jitter. */
  ceilingMs?: number
  /** How fast the target comes down while arrivals are on time, in ms per second. */
  shrinkMsPerSec?: number
}

export const PLAYOUT_CEILING_MS = 400
export const PLAYOUT_SHRINK_MS_PER_SEC = 10

export class PlayoutTarget {
  readonly #floor: number
  readonly #ceiling: number
  readonly #shrinkPerSample: number
  #estimate = 0
  #quickest = 0
  #lastAt = 0

  constructor(options: PlayoutTargetOptions) {
    const samples = (ms: number): number => Math.round((ms * options.rateHz) / 1000)
    this.#floor = samples(options.floorMs)
    this.#ceiling = samples(options.ceilingMs ?? PLAYOUT_CEILING_MS)
    this.#shrinkPerSample = (options.shrinkMsPerSec ?? PLAYOUT_SHRINK_MS_PER_SEC) / 1000
  }

  /** Samples to hold before playing. */
  get samples(): number {
    return Math.min(this.#ceiling, Math.max(this.#floor, Math.ceil(this.#estimate)))
  }

  /** An item's first chunk arrived at `at` (the player's clock, in samples). */
  startItem(at: number): void {
    this.#quickest = at
    this.#lastAt = at
  }

  /** A chunk starting `offset` samples into the current item arrived at `at`. */
  arrived(at: number, offset: number): void {
    const transit = at - offset
    this.#quickest = Math.min(this.#quickest, transit)
    const lateness = transit - this.#quickest
    if (lateness > this.#estimate) this.#estimate = Math.min(lateness, this.#ceiling)
    else this.#estimate = Math.max(0, this.#estimate - (at - this.#lastAt) * this.#shrinkPerSample)
    this.#lastAt = at
  }
}
