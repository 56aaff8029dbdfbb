// What a client needs to talk to the demo service through the rig: the realtime URLs the service hands
// out name its own port, so the connector sends them to the proxy's instead; and a playback sink that
// records when each chunk of the answer reached the player, for playout-sim.ts to play back.
import type { PlaybackSink } from '../../main/realtime/engine/playback'
import type { TransportConnector } from '../../main/realtime/transports/transport'
import type { Arrival } from './playout-sim'

export function connectThrough(inner: TransportConnector, proxyPort: number): TransportConnector {
  return (target, listener, options) => {
    const url = new URL(target.url)
    url.port = String(proxyPort)
    return inner({ ...target, url: url.toString() }, listener, options)
  }
}

export interface ArrivalLog extends PlaybackSink {
  readonly arrivals: Arrival[]
  /** performance.now() of the first chunk after `sinceMs`; NaN when none came. */
  firstAfter(sinceMs: number): number
}

export function arrivalLog(): ArrivalLog {
  const arrivals: Arrival[] = []
  return {
    arrivals,
    write: (samples, chunk) =>
      arrivals.push({ atMs: performance.now(), itemId: chunk.itemId, samples: samples.length }),
    stop: () => {},
    firstAfter: (sinceMs) => arrivals.find((a) => a.atMs >= sinceMs)?.atMs ?? Number.NaN,
  }
}
