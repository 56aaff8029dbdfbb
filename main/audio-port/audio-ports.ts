// Keeps the open audio ports and routes what arrives on them. Capture frames go to whichever consumer
// is listening (the voice engine), playback reports to the playback listener; a ping is answered at once
// so the renderer can measure the path. Playback goes to the newest port: the window that asked last.
import type { PlaybackReport as PagePlaybackReport } from '../../preload/audio-port'
import { int16ToFloat } from '../audio/pcm'
import type { AudioPortEnd, MainToRenderer } from './port'

/**
 * Gets the microphone as Float32 (full scale ±1), what the resampler takes: the page sends PCM16 to halve
 * the bytes on the port, and this is the one place main turns it back.
 */
/** `onTrack`: the page's WebRTC track carried the microphone as the frame was captured. */
export type CaptureConsumer = (rateHz: number, samples: Float32Array, onTrack: boolean) => void

/** What has arrived on the ports as microphone audio, counted as it crossed. */
export interface CaptureCounts {
  frames: number
  samples: number
  /** The samples' own bytes (2 a sample), without the message around them. */
  bytes: number
}

/** What the page's player reports back, and the rate it plays at. */
export type PlaybackReport = PagePlaybackReport | { type: 'output'; rateHz: number }

export type PlaybackListener = (report: PlaybackReport) => void

const MAX_ITEM_ID = 200

export class AudioPorts {
  readonly #ports: AudioPortEnd[] = []
  #consumer: CaptureConsumer | null = null
  #playbackListener: PlaybackListener | null = null
  readonly #captured: CaptureCounts = { frames: 0, samples: 0, bytes: 0 }
  #outputRateHz: number | null = null

  attach(port: AudioPortEnd): void {
    this.#ports.push(port)
    port.onClose(() => {
      const i = this.#ports.indexOf(port)
      if (i >= 0) this.#ports.splice(i, 1)
    })
    port.onMessage((message) => this.#receive(port, message))
  }

  setCaptureConsumer(consumer: CaptureConsumer | null): void {
    this.#consumer = consumer
  }

  setPlaybackListener(listener: PlaybackListener | null): void {
    this.#playbackListener = listener
  }

  /** Sends to the newest port; false when no page is listening. */
  send(message: MainToRenderer): boolean {
    const port = this.#ports.at(-1)
    if (!port) return false
    port.postMessage(message)
    return true
  }

  /** The rate the newest page plays at, once it said. */
  get outputRateHz(): number | null {
    return this.#outputRateHz
  }

  get framesReceived(): number {
    return this.#captured.frames
  }

  get captureReceived(): Readonly<CaptureCounts> {
    return { ...this.#captured }
  }

  get openCount(): number {
    return this.#ports.length
  }

  closeAll(): void {
    for (const p of [...this.#ports]) p.close()
    this.#ports.length = 0
  }

  #receive(port: AudioPortEnd, message: unknown): void {
    if (typeof message !== 'object' || message === null) return
    const m = message as Record<string, unknown>
    // Anything malformed is ignored: the renderer is not trusted to send well-formed frames.
    switch (m.type) {
      case 'ping':
        if (typeof m.id === 'number') port.postMessage({ type: 'pong', id: m.id })
        return
      case 'capture':
        if (isRate(m.rateHz) && m.samples instanceof Int16Array) {
          this.#captured.frames++
          this.#captured.samples += m.samples.length
          this.#captured.bytes += m.samples.byteLength
          if (this.#consumer) this.#consumer(m.rateHz, int16ToFloat(m.samples), m.onTrack === true)
        }
        return
      case 'output':
        if (isRate(m.rateHz)) {
          this.#outputRateHz = m.rateHz
          this.#report({ type: 'output', rateHz: m.rateHz })
        }
        return
      case 'played':
        if (isItemId(m.itemId) && isCount(m.ms)) this.#report({ type: 'played', itemId: m.itemId, ms: m.ms })
        return
      case 'started':
        if (isItemId(m.itemId)) this.#report({ type: 'started', itemId: m.itemId })
        return
      case 'flushed':
        if (
          (m.itemId === null || isItemId(m.itemId)) &&
          isCount(m.playedMs) &&
          isCount(m.droppedMs) &&
          isCount(m.frames)
        )
          this.#report({
            type: 'flushed',
            itemId: m.itemId,
            playedMs: m.playedMs,
            droppedMs: m.droppedMs,
            frames: m.frames,
          })
        return
      case 'underrun':
        if (m.itemId === null || isItemId(m.itemId)) this.#report({ type: 'underrun', itemId: m.itemId })
        return
    }
  }

  #report(report: PlaybackReport): void {
    this.#playbackListener?.(report)
  }
}

function isRate(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 8_000 && v <= 384_000
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0
}

function isItemId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_ITEM_ID
}
