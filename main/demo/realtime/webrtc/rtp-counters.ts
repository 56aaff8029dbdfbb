// How much audio a session's WebRTC peers carried, at the track's 48 kHz: for the debug record, so a test
// can compare what its client sent and heard with what the service took in and let out. It sums over the
// peers of one session, as a reconnect brings a new peer to the same conversation.

export interface RtpCounters {
  receivedSamples48k: number
  sentSamples48k: number
}

export function emptyCounters(): RtpCounters {
  return { receivedSamples48k: 0, sentSamples48k: 0 }
}
