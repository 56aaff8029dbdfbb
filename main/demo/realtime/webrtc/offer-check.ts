// A first look at the SDP offer (RFC 8866), so that a body which is not a usable WebRTC offer gets a 400
// saying what is missing. werift accepts almost any text and would answer it with an empty session.
import { WEBRTC_DATA_CHANNEL } from '../session-json'

export function offerProblem(sdp: string): string | null {
  const lines = sdp
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
  if (lines[0] !== 'v=0') return 'The body is not an SDP offer: it must start with "v=0".'
  const sections: string[][] = []
  for (const line of lines) {
    if (line.startsWith('m=')) sections.push([line])
    else sections.at(-1)?.push(line)
  }
  const audio = sections.find((s) => s[0]?.startsWith('m=audio '))
  if (!audio) return 'The offer has no audio section (m=audio): add an audio transceiver.'
  if (!audio.some((l) => /^a=rtpmap:\d+ opus\/48000/i.test(l)))
    return 'The offer does not offer Opus audio (a=rtpmap:<pt> opus/48000/2).'
  if (!sections.some((s) => /^m=application .*webrtc-datachannel/.test(s[0] ?? ''))) {
    return `The offer has no data channel (m=application ... webrtc-datachannel): create the "${WEBRTC_DATA_CHANNEL}" channel before the offer.`
  }
  if (!lines.some((l) => l.startsWith('a=ice-ufrag:')) || !lines.some((l) => l.startsWith('a=ice-pwd:')))
    return 'The offer has no ICE credentials (a=ice-ufrag, a=ice-pwd).'
  if (!lines.some((l) => l.startsWith('a=fingerprint:')))
    return 'The offer has no DTLS fingerprint (a=fingerprint).'
  return null
}
