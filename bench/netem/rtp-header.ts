// The clear header of an (S)RTP datagram on a bundled WebRTC 5-tuple, where STUN, DTLS, RTP and RTCP share
// one port: SRTP encrypts the payload only, so a relay can tell when each media packet passed and which
// it was, as a receiver's jitter buffer numbers them.

export interface RtpHeader {
  sequenceNumber: number
  timestamp: number
  payloadType: number
}

/** The RTP header of `datagram`, or null for STUN, DTLS, RTCP and anything too short. */
export function rtpHeader(datagram: Uint8Array): RtpHeader | null {
  if (datagram.length < 12) return null
  // RFC 7983: a first byte of 128..191 is RTP or RTCP (version 2).
  const first = datagram[0] as number
  if (first < 128 || first > 191) return null
  // RFC 5761 §4: payload types 64..95 (with the marker bit, 192..223) are RTCP's.
  const payloadType = (datagram[1] as number) & 0x7f
  if (payloadType >= 64 && payloadType <= 95) return null
  const view = new DataView(datagram.buffer, datagram.byteOffset, datagram.byteLength)
  return { sequenceNumber: view.getUint16(2), timestamp: view.getUint32(4), payloadType }
}
