// What a WebRTC peer has carried, read from its own statistics
// (https://w3c.github.io/webrtc-stats/#inboundrtpstats-dict* and #outboundrtpstats-dict*): enough to tell
// that the service's voice arrived with sound in it and that the microphone went out, and how much of it
// was played: samples played out that came from packets (received less concealed) at 48 kHz, and what
// the jitter buffer held on average, so a cut can be compared with what was heard in samples, not time.

export interface RtcFigures {
  /** Peers the page holds now. */
  links: number
  /** Of those, the ones whose data channel is open. */
  connected: number
  /** Sum of the received audio's energy (samples in -1..1, squared, times their duration). */
  inboundAudioEnergy: number
  inboundSamples: number
  /** Of those, samples the receiver made up for missing packets (silence between talkspurts included). */
  inboundConcealed: number
  /** Of the concealed samples, the silent ones. */
  inboundSilentConcealed: number
  /** Seconds the samples played out spent in the jitter buffer, summed, and how many they were. */
  jitterBufferDelay: number
  jitterBufferEmitted: number
  outboundPackets: number
}

export const NO_LINKS: RtcFigures = {
  links: 0,
  connected: 0,
  inboundAudioEnergy: 0,
  inboundSamples: 0,
  inboundConcealed: 0,
  inboundSilentConcealed: 0,
  jitterBufferDelay: 0,
  jitterBufferEmitted: 0,
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
      figures.inboundConcealed += numberOr0(s['concealedSamples'])
      figures.inboundSilentConcealed += numberOr0(s['silentConcealedSamples'])
      figures.jitterBufferDelay += numberOr0(s['jitterBufferDelay'])
      figures.jitterBufferEmitted += numberOr0(s['jitterBufferEmittedCount'])
    } else if (s['type'] === 'outbound-rtp') {
      figures.outboundPackets += numberOr0(s['packetsSent'])
    }
  }
  return figures
}

export function addFigures(a: RtcFigures, b: RtcFigures): RtcFigures {
  const sum = { ...a }
  for (const k of Object.keys(sum) as (keyof RtcFigures)[]) sum[k] += b[k]
  return sum
}

export function sameFigures(a: RtcFigures, b: RtcFigures): boolean {
  return (Object.keys(a) as (keyof RtcFigures)[]).every((k) => a[k] === b[k])
}

function numberOr0(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}
