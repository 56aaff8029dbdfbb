// The page side of the WebRTC playback measure: a bare RTCPeerConnection in Chromium, as the app's page
// makes one (an audio transceiver and the session's data channel), whose answer track plays through an
// audio element so that Chromium's NetEq pulls it in real time. Its inbound-rtp audio statistics are read
// every POLL_MS into a list the bench reads at the end. Plain JavaScript: it is evaluated in the page as is.

export const POLL_MS = 50

/** One reading of the answer track's inbound-rtp statistics (webrtc-stats), cumulative. */
export interface StatsSample {
  atMs: number
  concealmentEvents: number
  concealedSamples: number
  silentConcealedSamples: number
  totalSamplesReceived: number
  jitterBufferEmittedCount: number
  /** Seconds, summed over the samples emitted. */
  jitterBufferDelay: number
  jitterBufferTargetDelay: number
  jitterBufferMinimumDelay: number
  insertedSamplesForDeceleration: number
  removedSamplesForAcceleration: number
  packetsReceived: number
  packetsLost: number
  packetsDiscarded: number
}

export interface PageRtc {
  /** Makes the peer and its complete offer (ICE gathered). */
  offer(dataChannel: string): Promise<string>
  /** Sets the answer and resolves once the data channel is open; statistics are read from then on. */
  answer(sdp: string): Promise<void>
  send(text: string): void
  /** How many data channel messages of `type` came. */
  count(type: string): number
  samples(): StatsSample[]
  close(): void
}

const FIELDS: (keyof StatsSample)[] = [
  'concealmentEvents',
  'concealedSamples',
  'silentConcealedSamples',
  'totalSamplesReceived',
  'jitterBufferEmittedCount',
  'jitterBufferDelay',
  'jitterBufferTargetDelay',
  'jitterBufferMinimumDelay',
  'insertedSamplesForDeceleration',
  'removedSamplesForAcceleration',
  'packetsReceived',
  'packetsLost',
  'packetsDiscarded',
]

/** Installs `window.__rtc` (a PageRtc). */
export const PAGE_SCRIPT = `(() => {
  const FIELDS = ${JSON.stringify(FIELDS)}
  const samples = []
  const messages = []
  let pc = null
  let channel = null
  let reading = false
  const read = async () => {
    if (!reading || !pc) return
    const report = await pc.getStats()
    // Until the first packet there is no inbound-rtp entry: every counter is still at 0.
    const s = [...report.values()].find((e) => e.type === 'inbound-rtp' && e.kind === 'audio') || {}
    const sample = { atMs: performance.now() }
    for (const f of FIELDS) sample[f] = typeof s[f] === 'number' ? s[f] : s.type ? NaN : 0
    samples.push(sample)
    setTimeout(read, ${POLL_MS})
  }
  window.__rtc = {
    async offer(name) {
      pc = new RTCPeerConnection()
      pc.addTransceiver('audio', { direction: 'sendrecv' })
      channel = pc.createDataChannel(name, { ordered: true })
      channel.onmessage = (e) => {
        try { messages.push(JSON.parse(e.data)) } catch {}
      }
      pc.ontrack = (e) => {
        const audio = document.createElement('audio')
        audio.srcObject = e.streams[0] || new MediaStream([e.track])
        document.body.append(audio)
        audio.play().catch(() => {})
      }
      await pc.setLocalDescription(await pc.createOffer())
      await new Promise((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve()
        pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve())
        setTimeout(resolve, 5000)
      })
      return pc.localDescription.sdp
    },
    async answer(sdp) {
      await pc.setRemoteDescription({ type: 'answer', sdp })
      await new Promise((resolve, reject) => {
        if (channel.readyState === 'open') return resolve()
        channel.onopen = () => resolve()
        setTimeout(() => reject(new Error('the data channel did not open in 30 s')), 30000)
      })
      reading = true
      void read()
    },
    send: (text) => channel.send(text),
    count: (type) => messages.filter((m) => m && m.type === type).length,
    samples: () => samples,
    close() {
      reading = false
      if (pc) pc.close()
    },
  }
})()`
