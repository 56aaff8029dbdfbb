// Answers a WebRTC offer for the demo service: one sendrecv Opus audio track beside the client's data
// channel. The answer goes back whole, its ICE candidates in it (no trickle), because the SDP endpoint is
// one request and one response (realtime-api.md "Endpoints").
import { MediaStreamTrack, RTCPeerConnection, useOPUS, type RTCPeerConnectionConfig } from 'werift'

/** Host candidates gather in well under a second; this only bounds a machine that is misbehaving. */
const GATHER_TIMEOUT_MS = 5_000

const PEER_CONFIG: RTCPeerConnectionConfig = {
  codecs: { audio: [useOPUS()], video: [] },
  // The demo runs on the user's machine: host candidates reach it, and asking a STUN server would only wait.
  iceServers: [],
  // The service listens on loopback only, and so does its peer: no interface's addresses are gathered,
  // the one candidate is 127.0.0.1, and werift binds every UDP socket to it (not to 0.0.0.0), so nothing
  // off this machine can reach the demo's media port.
  iceUseIpv4: false,
  iceUseIpv6: false,
  iceAdditionalHostAddresses: ['127.0.0.1'],
  iceInterfaceAddresses: { udp4: '127.0.0.1', udp6: '::1' },
}

export interface NegotiatedPeer {
  pc: RTCPeerConnection
  incoming: MediaStreamTrack
  outgoing: MediaStreamTrack
  /** The payload type the offer gave Opus; the answer keeps it for both directions. */
  payloadType: number
  answerSdp: string
}

export async function negotiate(offerSdp: string): Promise<NegotiatedPeer | { problem: string }> {
  const pc = new RTCPeerConnection(PEER_CONFIG)
  const outgoing = new MediaStreamTrack({ kind: 'audio' })
  const transceiver = pc.addTransceiver(outgoing, { direction: 'sendrecv' })
  const fail = async (problem: string): Promise<{ problem: string }> => {
    await pc.close().catch(() => {})
    return { problem }
  }
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp })
    await pc.setLocalDescription(await pc.createAnswer())
  } catch (err) {
    return fail(`The offer could not be negotiated: ${err instanceof Error ? err.message : String(err)}.`)
  }
  const payloadType = transceiver.sender.codec?.payloadType
  if (payloadType === undefined) return fail('The offer has no Opus audio the service can use.')
  if (!(await gathered(pc))) return fail('The service could not gather ICE candidates for the answer.')
  const answerSdp = pc.localDescription?.sdp
  if (!answerSdp) return fail('The service could not make an answer.')
  return { pc, incoming: transceiver.receiver.track, outgoing, payloadType, answerSdp }
}

async function gathered(pc: RTCPeerConnection): Promise<boolean> {
  if (pc.iceGatheringState === 'complete') return true
  try {
    await pc.iceGatheringStateChange.watch((state) => state === 'complete', GATHER_TIMEOUT_MS)
    return true
  } catch {
    return false
  }
}
