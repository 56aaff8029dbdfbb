// What a WebRTC peer has carried, read from its own statistics
// (https://w3c.github.io/webrtc-stats/#inboundrtpstats-dict* and #outboundrtpstats-dict*): enough to tell
// that the service's voice arrived with sound in it and that the microphone went out.

export interface RtcFigures {
  /** Peers the page holds now. */
  links: number
  /** Of those, the ones whose data channel is open. */
  connected: number
  /** Sum of the received audio's energy (samples in -1..1, squared, times their duration). */
  inboundAudioEnergy: number
  inboundSamples: number
  outboundPackets: number
}

export const NO_LINKS: RtcFigures = {
  links: 0,
  connected: 0,
  inboundAudioEnergy: 0,
  inboundSamples: 0,
  outboundPackets: 0,
}

/** One peer's figures; a peer counts as one link. */
export function figuresFromReport(report: ReadonlyMap<string, unknown>, connected: boolean): RtcFigures {
  const figures = { ...NO_LINKS, links: 1, connected: connected ? 1 : 0 }
  for (const entry of report.values()) {
    const s = entry as Record<string, unknown>
    if (s['kind'] !== 'audio') continue
    if (s['type'] === 'inbound-rtp') {
      figures.inboundAudioEnergy += numberOr0(s['totalAudioEnergy'])
      figures.inboundSamples += numberOr0(s['totalSamplesReceived'])
    } else if (s['type'] === 'outbound-rtp') {
      figures.outboundPackets += numberOr0(s['packetsSent'])
    }
  }
  return figures
}

export function addFigures(a: RtcFigures, b: RtcFigures): RtcFigures {
  return {
    links: a.links + b.links,
    connected: a.connected + b.connected,
    inboundAudioEnergy: a.inboundAudioEnergy + b.inboundAudioEnergy,
    inboundSamples: a.inboundSamples + b.inboundSamples,
    outboundPackets: a.outboundPackets + b.outboundPackets,
  }
}

export function sameFigures(a: RtcFigures, b: RtcFigures): boolean {
  return (Object.keys(a) as (keyof RtcFigures)[]).every((k) => a[k] === b[k])
}

function numberOr0(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}
