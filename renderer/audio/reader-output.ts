// The Reader's AudioContext: made on first use (one made at start-up would hold the audio device for
// nothing), playing on the output device the audio settings remember by label, and used for decoding the
// chunks and for voice samples played beside the reading. Context creation and the device list are
// injected, so tests run on a fake clock.
import type { ReaderAudio } from '../../preload/contract'
import { pickDevice, shapeDevices, type DeviceInfo } from './devices'
import { decodeReaderAudio } from './reader-decode'

/** What the Reader uses of an AudioContext; setSinkId (Chromium 110+) is not yet in TypeScript's DOM. */
export type PlayerContext = Pick<
  AudioContext,
  'currentTime' | 'state' | 'destination' | 'createBufferSource' | 'createBuffer' | 'decodeAudioData'
> & {
  resume(): Promise<void>
  close(): Promise<void>
  setSinkId?: (sinkId: string) => Promise<void>
}

export interface ReaderOutputOptions {
  createContext?: () => PlayerContext
  listDevices?: () => Promise<readonly DeviceInfo[]>
}

const defaultContext = (): PlayerContext => new AudioContext({ latencyHint: 'playback' })
const defaultDevices = async (): Promise<readonly DeviceInfo[]> =>
  (await navigator.mediaDevices?.enumerateDevices?.()) ?? []

export class ReaderOutput {
  /** The chosen output could not be set: the system default plays instead. */
  sinkFailed = false

  readonly #createContext: () => PlayerContext
  readonly #listDevices: () => Promise<readonly DeviceInfo[]>
  #ctx: PlayerContext | null = null
  #outputLabel: string | null = null
  #sinkId = ''
  #clip: AudioBufferSourceNode | null = null

  constructor(options: ReaderOutputOptions = {}) {
    this.#createContext = options.createContext ?? defaultContext
    this.#listDevices = options.listDevices ?? defaultDevices
  }

  /** The context, made now if it was not yet. */
  get context(): PlayerContext {
    if (this.#ctx) return this.#ctx
    const ctx = this.#createContext()
    this.#ctx = ctx
    void this.#applySink(ctx)
    return ctx
  }

  /** The context clock; 0 before there is a context. */
  get now(): number {
    return this.#ctx?.currentTime ?? 0
  }

  /** Contexts made before any user gesture may start suspended; resuming is harmless when running. */
  async resume(): Promise<void> {
    const ctx = this.context
    if (ctx.state === 'suspended') await ctx.resume().catch(() => {})
  }

  decode(audio: ReaderAudio): Promise<AudioBuffer> {
    return decodeReaderAudio(this.context, audio)
  }

  /** Plays a short sample (a voice preview); a second one replaces the first. */
  playClip(buffer: AudioBuffer, onEnded: () => void): void {
    this.stopClip()
    const ctx = this.context
    void this.resume()
    const node = ctx.createBufferSource()
    node.buffer = buffer
    node.connect(ctx.destination)
    node.onended = () => {
      node.disconnect()
      if (this.#clip !== node) return
      this.#clip = null
      onEnded()
    }
    this.#clip = node
    node.start()
  }

  stopClip(): void {
    const clip = this.#clip
    this.#clip = null
    clip?.stop()
  }

  /** The output device by its label (null: the system default), as the audio settings remember it. */
  async setOutputLabel(label: string | null): Promise<void> {
    this.#outputLabel = label
    if (this.#ctx) await this.#applySink(this.#ctx)
  }

  dispose(): void {
    this.stopClip()
    void this.#ctx?.close().catch(() => {})
    this.#ctx = null
    this.#sinkId = ''
  }

  async #applySink(ctx: PlayerContext): Promise<void> {
    if (!ctx.setSinkId) {
      this.sinkFailed = this.#outputLabel !== null
      return
    }
    try {
      const outputs = shapeDevices(await this.#listDevices()).outputs
      const sinkId = pickDevice(this.#outputLabel, outputs)?.id ?? ''
      if (sinkId !== this.#sinkId) await ctx.setSinkId(sinkId)
      this.#sinkId = sinkId
      this.sinkFailed = false
    } catch {
      this.sinkFailed = true
    }
  }
}
