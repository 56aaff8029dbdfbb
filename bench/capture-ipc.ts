// The microphone's way from the page to main, by the byte: the frames the page's bridge really sent on the
// harness's audio socket, and what main spends receiving them (decoding the relay frame, checking it, and
// turning PCM16 into the Float32 the resampler takes). The Float32 frames the page sent before are kept here
// only as the reference: the same samples, encoded by the same codec, received the way main used to.
import { AudioPorts } from '../main/audio-port/audio-ports'
import type { AudioPortEnd } from '../main/audio-port/port'
import { decodePortMessage, encodePortMessage } from '../preload/port-codec'

/** Installed before the app's scripts: keeps a copy of the first capture frames sent on the audio socket. */
export function captureSocketProbe(maxFrames: number): string {
  return `
    window.__loaCaptureFrames = []
    const send = WebSocket.prototype.send
    WebSocket.prototype.send = function (data) {
      const kept = window.__loaCaptureFrames
      if (this.url.includes('/audio') && data instanceof Uint8Array && kept.length < ${maxFrames}) {
        const headerLength = new DataView(data.buffer, data.byteOffset).getUint32(0, true)
        const header = new TextDecoder().decode(data.subarray(4, 4 + headerLength))
        if (header.includes('"type":"capture"')) kept.push(Array.from(data))
      }
      return send.call(this, data)
    }
  `
}

export interface CaptureIpcFigures {
  audioSeconds: number
  /** Bytes on the socket per second of audio: samples, header and framing. */
  bytesPerAudioSecond: number
  /** The samples' own bytes per sample. */
  sampleBytesPerSample: number
  /** Main's time receiving one second of audio, the median of `rounds` replays. */
  receiveMsPerAudioSecond: number
}

export interface CaptureIpcReport {
  rateHz: number
  int16: CaptureIpcFigures
  float32Reference: CaptureIpcFigures
}

const WARM_UP_ROUNDS = 10

interface CaptureMessage {
  type: 'capture'
  rateHz: number
  samples: Int16Array
}

function readCapture(frame: Uint8Array): CaptureMessage {
  const m = decodePortMessage(frame) as Partial<CaptureMessage>
  if (m.type !== 'capture' || typeof m.rateHz !== 'number' || !(m.samples instanceof Int16Array))
    throw new Error('the page sent a capture frame that is not PCM16')
  return m as CaptureMessage
}

/** Receives one relay frame; answers how many samples reached the consumer. */
type Receiver = (frame: Uint8Array) => number

/** The receiving half of main as the app runs it: the relay frame decoded, then AudioPorts. */
function int16Receiver(): Receiver {
  const ports = new AudioPorts()
  let deliver: (message: unknown) => void = () => {}
  const end: AudioPortEnd = {
    postMessage: () => {},
    onMessage: (listener) => (deliver = listener),
    onClose: () => {},
    close: () => {},
  }
  ports.attach(end)
  let delivered = 0
  ports.setCaptureConsumer((_rateHz, samples) => (delivered = samples.length))
  return (frame) => {
    delivered = 0
    deliver(decodePortMessage(frame))
    return delivered
  }
}

/** The reference: what main did with a Float32 frame, the array handed on as it arrived. */
function float32Receiver(): Receiver {
  return (frame) => {
    const m = decodePortMessage(frame) as Record<string, unknown>
    return m.type === 'capture' && typeof m.rateHz === 'number' && m.samples instanceof Float32Array
      ? m.samples.length
      : 0
  }
}

interface Path {
  frames: Uint8Array[]
  bytesPerSample: number
  receive: Receiver
  msPerAudioSecond: number[]
}

/** One pass of a path over its frames; throws if the receiver dropped any (it would be measured doing less). */
function replay(path: Path, samples: number): number {
  let received = 0
  const t0 = performance.now()
  for (const f of path.frames) received += path.receive(f)
  const ms = performance.now() - t0
  if (received !== samples) throw new Error(`received ${received} of ${samples} samples`)
  return ms
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

function figures(path: Path, samples: number, rateHz: number): CaptureIpcFigures {
  const audioSeconds = samples / rateHz
  return {
    audioSeconds,
    bytesPerAudioSecond: path.frames.reduce((n, f) => n + f.byteLength, 0) / audioSeconds,
    sampleBytesPerSample: path.bytesPerSample,
    receiveMsPerAudioSecond: median(path.msPerAudioSecond),
  }
}

/** Both paths over the same recorded frames: the ones the page sent, and the same samples as Float32. */
export function measureCaptureIpc(sent: Uint8Array[], rounds = 100): CaptureIpcReport {
  if (sent.length === 0) throw new Error('the page sent no capture frames')
  const messages = sent.map(readCapture)
  const rateHz = messages[0]?.rateHz as number
  const samples = messages.reduce((n, m) => n + m.samples.length, 0)
  const asFloat = messages.map((m) =>
    encodePortMessage({
      type: 'capture',
      rateHz: m.rateHz,
      samples: Float32Array.from(m.samples, (s) => s / 32768),
    }),
  )
  const ours: Path = { frames: sent, bytesPerSample: 2, receive: int16Receiver(), msPerAudioSecond: [] }
  const reference: Path = {
    frames: asFloat,
    bytesPerSample: 4,
    receive: float32Receiver(),
    msPerAudioSecond: [],
  }
  const audioSeconds = samples / rateHz
  // Both paths share the codec: warm it up on both before timing either, then alternate the rounds so a
  // busy moment of the machine falls on both alike.
  for (let r = 0; r < WARM_UP_ROUNDS; r++) for (const path of [ours, reference]) replay(path, samples)
  for (let r = 0; r < rounds; r++) {
    for (const path of r % 2 === 0 ? [ours, reference] : [reference, ours])
      path.msPerAudioSecond.push(replay(path, samples) / audioSeconds)
  }
  return {
    rateHz,
    int16: figures(ours, samples, rateHz),
    float32Reference: figures(reference, samples, rateHz),
  }
}
