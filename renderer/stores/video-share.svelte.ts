// Sharing a window, the screen or the camera with the voice model, as the window does it: the page asks
// for the picture (a user's click), main opens a session that takes video, then about once a second a
// downscaled JPEG goes to main, which sends it on the session's link. Main ending the sharing (the
// session's 2 minutes, a refusal) stops the capture; so does the user stopping it in the browser's bar.
import {
  VIDEO_FRAME_INTERVAL_MS,
  type IpcError,
  type VoiceShareSource,
  type VoiceStatus,
} from '../../preload/contract'
import { loa } from '../lib/bridge'
import { encodeFrame } from '../lib/frame-encoder'

/** `asking`: the browser's picker or permission prompt is open; `starting`: main is opening the session. */
export type ShareState = 'off' | 'asking' | 'starting' | 'live'

function capture(source: VoiceShareSource): Promise<MediaStream> {
  const devices = navigator.mediaDevices
  if (source === 'camera')
    return devices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
  // A hint for the picker; the user may still pick another kind of surface.
  const displaySurface = source === 'window' ? 'window' : 'monitor'
  return devices.getDisplayMedia({ video: { displaySurface, frameRate: { ideal: 5 } }, audio: false })
}

export class VideoShareStore {
  state: ShareState = $state('off')
  source: VoiceShareSource | null = $state(null)
  /** Frames main sent on to the model since sharing started. */
  framesSent = $state(0)
  /** Main or the service refused (`realtime_video_not_allowed`, ...). */
  error: IpcError | null = $state.raw(null)
  /** The user (or the system) did not allow the screen or camera. */
  denied = $state(false)

  #stream: MediaStream | null = null
  #timer: ReturnType<typeof setInterval> | null = null
  #encoding = false
  /** Bumped by every start and reset: a picker answered for an older round goes unused. */
  #round = 0

  async start(source: VoiceShareSource): Promise<void> {
    if (this.state !== 'off') return
    this.error = null
    this.denied = false
    this.framesSent = 0
    this.source = source
    this.state = 'asking'
    const round = ++this.#round
    let stream: MediaStream
    try {
      stream = await capture(source)
    } catch {
      if (round !== this.#round) return
      this.denied = true
      return this.#reset()
    }
    // Stopped while the picker was open: the picture just granted goes unused.
    if (round !== this.#round) {
      for (const track of stream.getTracks()) track.stop()
      return
    }
    this.#stream = stream
    for (const track of stream.getVideoTracks()) track.addEventListener('ended', () => void this.stop())
    this.state = 'starting'
    const result = await loa.voice.share({ source })
    if (this.#stream !== stream) return
    if (!result.ok) {
      this.error = result.error
      return this.#reset()
    }
    this.state = 'live'
    await this.#sendFrames(stream)
  }

  /** The user stops: the capture ends, and main goes back to an audio-only session. */
  async stop(): Promise<void> {
    const opened = this.state === 'starting' || this.state === 'live'
    this.#reset()
    if (!opened) return
    const result = await loa.voice.share({ source: null })
    if (!result.ok) this.error = result.error
  }

  /** Main's status: when it no longer shares (the 2 minutes are up), the capture stops too. */
  follow(status: VoiceStatus | null): void {
    if (this.state === 'live' && !status?.sharing) this.#reset()
  }

  async #sendFrames(stream: MediaStream): Promise<void> {
    const video = document.createElement('video')
    video.muted = true
    video.playsInline = true
    video.srcObject = stream
    // A video that cannot play has no frames: encodeFrame then finds no picture and nothing is sent.
    await video.play().catch(() => {})
    const canvas = document.createElement('canvas')
    const tick = async (): Promise<void> => {
      // A slow encode or IPC round skips a tick rather than piling frames up.
      if (this.#encoding || this.#stream !== stream) return
      this.#encoding = true
      try {
        const frame = await encodeFrame(video, canvas)
        if (!frame || this.#stream !== stream) return
        const sent = await loa.voice.videoFrame(frame)
        if (sent.ok && sent.value.sent && this.#stream === stream) this.framesSent++
      } finally {
        this.#encoding = false
      }
    }
    if (this.#stream !== stream) return
    this.#timer = setInterval(() => void tick(), VIDEO_FRAME_INTERVAL_MS)
    void tick()
  }

  #reset(): void {
    this.#round++
    if (this.#timer !== null) clearInterval(this.#timer)
    this.#timer = null
    for (const track of this.#stream?.getTracks() ?? []) track.stop()
    this.#stream = null
    this.state = 'off'
    this.source = null
  }
}
