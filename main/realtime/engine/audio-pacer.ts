// Client-side pacing of upstream audio. The service closes the socket with 4413 when audio arrives faster
// than real time beyond a small allowance (realtime-api.md close codes). Audio captured live is real time
// already; what needs pacing is audio that piled up: the pre-roll held while the session was being created,
// the backlog of a reconnect, a file sent with `loa talk`. A token bucket in milliseconds of audio: it
// refills at one audio ms per clock ms and holds at most `burstMs`, kept under the service's allowance so
// that network jitter bunching frames together still fits.

export const DEFAULT_BURST_MS = 1_000

export class AudioPacer {
  #creditMs: number
  #lastMs: number

  constructor(
    private burstMs: number,
    nowMs: number,
  ) {
    this.#creditMs = burstMs
    this.#lastMs = nowMs
  }

  /** A new socket: the service starts each connection with a full allowance. */
  reset(nowMs: number): void {
    this.#creditMs = this.burstMs
    this.#lastMs = nowMs
  }

  setBurstMs(burstMs: number, nowMs: number): void {
    this.#refill(nowMs)
    this.burstMs = burstMs
    this.#creditMs = Math.min(this.#creditMs, burstMs)
  }

  /** How long to wait before `audioMs` may be sent; 0 when it may go now. */
  waitMs(audioMs: number, nowMs: number): number {
    this.#refill(nowMs)
    const needed = Math.min(audioMs, this.burstMs)
    return this.#creditMs >= needed ? 0 : Math.ceil(needed - this.#creditMs)
  }

  take(audioMs: number, nowMs: number): void {
    this.#refill(nowMs)
    this.#creditMs -= audioMs
  }

  #refill(nowMs: number): void {
    const elapsed = Math.max(0, nowMs - this.#lastMs)
    this.#lastMs = nowMs
    this.#creditMs = Math.min(this.burstMs, this.#creditMs + elapsed)
  }
}
