// The receive path both adapters share: decode, then dispatch in the order the reference gives
// (realtime-protocols.md §1): a top-level `svc` is the gateway's; anything else goes to the protocol.
import type { RealtimeEvent } from '../engine/events'
import type { AdapterStats, FrameData } from './adapter'
import { decodeFrame, malformed } from './decode-frame'
import type { JsonObject } from '../../api/json-fields'
import { serviceEvent } from './service-events'

/** Prefix of the `malformed` reason when a handler itself failed: a bug, never a property of the input. */
export const ADAPTER_FAILURE = 'adapter failed:'

export function receiveFrame(
  frame: FrameData,
  stats: AdapterStats,
  dispatch: (message: JsonObject, out: RealtimeEvent[]) => void,
): RealtimeEvent[] {
  stats.frames++
  const out: RealtimeEvent[] = []
  try {
    const decoded = decodeFrame(frame)
    if ('malformed' in decoded) return [decoded.malformed]
    const { message } = decoded
    if (Object.hasOwn(message, 'svc')) out.push(serviceEvent(message.svc))
    else dispatch(message, out)
  } catch (err) {
    // Handlers read every field defensively; this only keeps one bad frame from breaking the session.
    out.push(
      malformed(`${ADAPTER_FAILURE} ${err instanceof Error ? err.message : String(err)}`, '').malformed,
    )
  }
  return out
}
