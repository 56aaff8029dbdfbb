// Upstream audio pacing (close 4413, realtime-api.md "WebSocket connection"). A token bucket in seconds of
// audio: it refills at one audio second per service second and holds at most ALLOWANCE_SEC, so a client
// may run ahead of real time by that much (network jitter, a buffered first chunk) and no further.
// Service time is used so that a time-scaled demo accepts audio at the scaled rate.

export const PACING_ALLOWANCE_SEC = 2

export class AudioPacer {
  #creditSec = PACING_ALLOWANCE_SEC
  #lastMs: number

  constructor(nowMs: number) {
    this.#lastMs = nowMs
  }

  /** Takes `audioSec` from the bucket; false when the client is sending faster than real time. */
  take(audioSec: number, nowMs: number): boolean {
    const elapsedSec = Math.max(0, nowMs - this.#lastMs) / 1000
    this.#lastMs = nowMs
    this.#creditSec = Math.min(PACING_ALLOWANCE_SEC, this.#creditSec + elapsedSec) - audioSec
    return this.#creditSec >= 0
  }
}
