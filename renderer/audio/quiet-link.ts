// Whether a WebRTC link that carries the microphone still reaches the service. ICE says `disconnected`
// only once its checks have failed for several seconds (Chromium is reported to take 5 to 7 s, and
// consent to send lasts 30 s), so a 5 s Wi-Fi drop can pass with the link `connected` throughout while
// every RTP packet of it is lost. A service that receives our audio reports on it (RTCP receiver reports,
// about once a second), so a link that hears nothing at all for QUIET_MS while it sends is taken as
// interrupted, and as back once anything arrives again. Only while the microphone is on the track: an
// idle link may rightly hear nothing for long.

/** Chromium's own bound for calling an ICE connection "not receiving" (WEAK_CONNECTION_RECEIVE_TIMEOUT). */
export const QUIET_MS = 2_500
/** How often the page looks at what its peer has received. */
export const QUIET_POLL_MS = 250

export class QuietLink {
  #lastHeardMs = 0
  #quiet = false
  #carrying = false

  /** `changed(true)`: interrupted; `changed(false)`: heard from again. */
  constructor(private readonly changed: (quiet: boolean) => void) {}

  get quiet(): boolean {
    return this.#quiet
  }

  /**
   * The microphone is on the track (or not). Watching starts afresh from `nowMs`; a quiet link stays
   * quiet after the microphone comes off it (main takes it off when told), until it is heard again.
   */
  carrying(on: boolean, nowMs: number): void {
    if (on && !this.#carrying && !this.#quiet) this.#lastHeardMs = nowMs
    this.#carrying = on
  }

  /** Something arrived from the service. */
  heard(nowMs: number): void {
    this.#lastHeardMs = nowMs
    if (!this.#quiet) return
    this.#quiet = false
    this.changed(false)
  }

  /** Nothing has arrived since the last `heard`: quiet once that is QUIET_MS ago, while watching. */
  check(nowMs: number): void {
    if (!this.#carrying || this.#quiet || nowMs - this.#lastHeardMs <= QUIET_MS) return
    this.#quiet = true
    this.changed(true)
  }
}

/**
 * Bytes the peer has received from the service on its candidate pairs: RTP, RTCP, DTLS and SCTP, not
 * ICE's own checks (https://w3c.github.io/webrtc-stats/#dom-rtcicecandidatepairstats-bytesreceived).
 */
export function bytesReceived(report: ReadonlyMap<string, unknown>): number {
  let bytes = 0
  for (const entry of report.values()) {
    const stats = entry as { type?: unknown; bytesReceived?: unknown }
    if (stats.type === 'candidate-pair' && typeof stats.bytesReceived === 'number')
      bytes += stats.bytesReceived
  }
  return bytes
}
