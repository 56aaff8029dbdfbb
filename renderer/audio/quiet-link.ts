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
 * How much the peer has heard from the service on its candidate pairs, as one growing count: bytes of RTP,
 * RTCP, DTLS and SCTP (https://w3c.github.io/webrtc-stats/#dom-rtcicecandidatepairstats-bytesreceived), and
 * the answers to ICE's own checks (`responsesReceived`). The checks' answers keep a link whose service
 * sends no RTCP from being waited on for ever once it was taken as interrupted: Chromium checks a working
 * link every 2.5 s, and the service's ICE agent must answer, so a link that is back is heard within that.
 */
export function heardCount(report: ReadonlyMap<string, unknown>): number {
  let heard = 0
  for (const entry of report.values()) {
    const stats = entry as { type?: unknown; bytesReceived?: unknown; responsesReceived?: unknown }
    if (stats.type !== 'candidate-pair') continue
    if (typeof stats.bytesReceived === 'number') heard += stats.bytesReceived
    if (typeof stats.responsesReceived === 'number') heard += stats.responsesReceived
  }
  return heard
}
