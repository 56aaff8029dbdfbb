// A press that wants WebRTC while the page that holds the peers has not opened its audio port yet: the
// Voice view shows its talk button before its audio is running (an AudioContext, two worklets, then the
// port), so a press in that first moment waits for the port a little, its audio held, instead of being
// refused or silently sent over a WebSocket.
import type { TransportChoice } from '../realtime'
import type { EngineClock } from '../realtime/engine/engine-clock'

/** Long enough for the view's audio to start on a loaded machine; short enough to refuse a dead one. */
export const PAGE_WAIT_MS = 2_000
const CHECK_EVERY_MS = 25

/**
 * Whether to wait for the page: the transport the press would use with a page open needs one (WebRTC,
 * or `auto`, which may choose it), none is open, and one is coming: the Voice view is on screen, or
 * WebRTC was chosen outright, which cannot go without it.
 */
export function shouldWaitForPage(
  setting: TransportChoice,
  withPage: TransportChoice,
  ctx: { pageOpen: boolean; viewShown: boolean },
): boolean {
  if (ctx.pageOpen || withPage === 'websocket') return false
  return setting === 'webrtc' || ctx.viewShown
}

/** Resolves true once `open()` holds, false after `capMs` on `clock` without it, or when `cancelled()`. */
export function waitForPage(
  clock: EngineClock,
  open: () => boolean,
  cancelled: () => boolean,
  capMs = PAGE_WAIT_MS,
): Promise<boolean> {
  const until = clock.now() + capMs
  return new Promise((resolve) => {
    const check = (): void => {
      if (open()) return resolve(true)
      if (cancelled() || clock.now() >= until) return resolve(false)
      clock.setTimeout(check, Math.min(CHECK_EVERY_MS, until - clock.now()))
    }
    check()
  })
}
