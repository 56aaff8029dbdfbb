// Main posts the offer to the service once, so it must already list the page's ICE candidates: the
// exchange is one request (realtime-api.md "Endpoints", `/sessions/{id}/sdp`), with no trickle.

/** Resolves when gathering is complete, or after `capMs` with what was gathered by then. */
export function iceGathered(pc: RTCPeerConnection, capMs: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      pc.removeEventListener('icegatheringstatechange', check)
      resolve()
    }
    const check = () => {
      if (pc.iceGatheringState === 'complete') done()
    }
    const timer = setTimeout(done, capMs)
    pc.addEventListener('icegatheringstatechange', check)
  })
}
