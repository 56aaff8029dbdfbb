// The main window's voice audio: one AudioContext for the player and the microphone, the audio port to
// main, the devices chosen by label. Capture frames go to main as they come; main's playback frames go
// to the player worklet, and the player's reports of what was heard go back to main. A WebRTC session's
// audio skips main: its links send the same microphone and play on the same output device.
import { createSubscriber } from 'svelte/reactivity'
import type { AudioSettings, VoiceRtcCommand } from '../../preload/contract'
import { loa } from '../lib/bridge'
import { micErrorKey } from './audio-errors'
import { obtainAudioPort } from './audio-port-client'
import { captureMessage } from './capture-message'
import { decodeCues, type CueKind } from './cue-sounds'
import { deviceChanged, pickDevice, shapeDevices } from './devices'
import { LevelFeed } from './level-feed'
import { resampleLinear } from './linear-resample'
import { openMicInput, sameProcessing, type MicInput, type Processing } from './mic-input'
import captureWorkletUrl from './capture-worklet.ts?worker&url'
import playbackWorkletUrl from './playback-worklet.ts?worker&url'
import { PortLink } from './port-link'
import { RtcLinks } from './rtc-links'
import { NO_LINKS, sameFigures, type RtcFigures } from './rtc-stats'
import {
  parseMainMessage,
  type CaptureFrame,
  type PlaybackReport,
  type RendererToMain,
  type ToPlayer,
} from './port-messages'
import type { AudioDeviceLists, AudioErrorKey, VoiceAudio } from './voice-audio-api'
import { PLAYBACK_PROCESSOR } from './worklet-names'

const MIC_ERRORS: readonly AudioErrorKey[] = [
  'audio.error.denied',
  'audio.error.noInput',
  'audio.error.inputBusy',
]

/** How often the links' figures refresh while shown. */
const RTC_STATS_EVERY_MS = 500

const DEFAULT_SETTINGS: AudioSettings = {
  inputDeviceLabel: null,
  outputDeviceLabel: null,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  soundCues: true,
}

/** AudioContext.setSinkId (Chromium 110+) is not yet in TypeScript's DOM library. */
type SinkableContext = AudioContext & { setSinkId?: (sinkId: string) => Promise<void> }

class VoiceAudioController implements VoiceAudio {
  micOpen = $state(false)
  level = $state(0)
  devices: AudioDeviceLists = $state({ inputs: [], outputs: [] })
  inputLabel: string | null = $state(null)
  outputLabel: string | null = $state(null)
  error: AudioErrorKey | null = $state(null)

  #settings: AudioSettings = DEFAULT_SETTINGS
  #ctx: SinkableContext | null = null
  #player: AudioWorkletNode | null = null
  #starting: Promise<void> | null = null
  #sinkId = ''
  #cues: Promise<Record<CueKind, AudioBuffer> | null> | null = null
  #mic: MicInput | null = null
  #micWanted = false
  #micGeneration = 0
  #micOpening: Promise<void> | null = null
  readonly #levelFeed = new LevelFeed()
  #disposed = false
  readonly #link = new PortLink(() => obtainAudioPort(() => loa.audio.openPort()), {
    onMessage: (data) => this.#fromMain(data),
    onOpen: () => this.#announce(),
    onStatus: (connected) => this.#setError('audio.error.portFailed', !connected),
  })
  readonly #onDeviceChange = () => void this.#refreshDevices().then(() => this.#followDevices())
  readonly #rtc = new RtcLinks({ main: loa.voice })
  #rtcFigures: RtcFigures = $state.raw(NO_LINKS)
  readonly #followRtcFigures = createSubscriber(() => {
    const timer = setInterval(() => void this.#refreshRtcFigures(), RTC_STATS_EVERY_MS)
    void this.#refreshRtcFigures()
    return () => clearInterval(timer)
  })

  start(): Promise<void> {
    this.#starting ??= this.#start()
    return this.#starting
  }

  async configure(settings: AudioSettings): Promise<void> {
    const previous = this.#settings
    this.#settings = { ...settings }
    await this.#applyOutput()
    const mic = this.#mic
    const wanted = pickDevice(settings.inputDeviceLabel, this.devices.inputs)
    if (mic) {
      if (deviceChanged(wanted, mic.deviceId) || !sameProcessing(mic.processing, settings))
        await this.#reopenMic()
    } else if (this.#micOpening) {
      // The stream being opened was asked for with the old settings.
      const changed =
        previous.inputDeviceLabel !== settings.inputDeviceLabel || !sameProcessing(previous, settings)
      if (changed) await this.#reopenMic()
    } else {
      this.inputLabel = wanted?.label ?? null
    }
  }

  openMic(): Promise<void> {
    this.#micWanted = true
    this.#micOpening ??= this.#openMic().finally(() => (this.#micOpening = null))
    return this.#micOpening
  }

  closeMic(): void {
    this.#micWanted = false
    this.#closeMicInput()
  }

  flushPlayback(): void {
    this.#toPlayer({ type: 'flush', local: true })
  }

  playCue(kind: CueKind): void {
    void this.start()
      .then(() => this.#cues)
      .then((cues) => {
        const ctx = this.#ctx
        if (!cues || !ctx || this.#disposed) return
        const source = new AudioBufferSourceNode(ctx, { buffer: cues[kind] })
        source.connect(ctx.destination)
        source.onended = () => source.disconnect()
        source.start()
      })
  }

  handleRtc(command: VoiceRtcCommand): void {
    // The output device is resolved once the devices are listed, which start() does.
    if (command.op === 'open') void this.start()
    this.#rtc.handle(command)
  }

  get rtc(): RtcFigures {
    this.#followRtcFigures()
    return this.#rtcFigures
  }

  rtcStats(): Promise<RtcFigures> {
    return this.#rtc.stats()
  }

  dispose(): void {
    this.#disposed = true
    this.#rtc.abandonAll('the window closed')
    this.closeMic()
    this.#link.close()
    navigator.mediaDevices?.removeEventListener('devicechange', this.#onDeviceChange)
    this.#player?.disconnect()
    this.#player = null
    void this.#ctx?.close().catch(() => {})
    this.#ctx = null
  }

  async #start(): Promise<void> {
    try {
      const ctx: SinkableContext = new AudioContext({ latencyHint: 'interactive' })
      this.#ctx = ctx
      await ctx.audioWorklet.addModule(playbackWorkletUrl)
      await ctx.audioWorklet.addModule(captureWorkletUrl)
      const player = new AudioWorkletNode(ctx, PLAYBACK_PROCESSOR, {
        numberOfInputs: 0,
        numberOfOutputs: 1,
        outputChannelCount: [1],
      })
      player.port.onmessage = (e: MessageEvent<PlaybackReport>) => this.#toMain(e.data)
      player.connect(ctx.destination)
      this.#player = player
      this.#cues = decodeCues(ctx).catch(() => null)
    } catch {
      this.error = 'audio.error.unsupported'
      return
    }
    if (this.#disposed) return
    this.#resume()
    navigator.mediaDevices?.addEventListener('devicechange', this.#onDeviceChange)
    await Promise.all([this.#link.open(), this.#refreshDevices().then(() => this.#applyOutput())])
  }

  /** Contexts made before any user gesture may start suspended; resuming is harmless when running. */
  #resume(): void {
    if (this.#ctx?.state === 'suspended') void this.#ctx.resume().catch(() => {})
  }

  #announce(): void {
    if (this.#ctx) this.#toMain({ type: 'output', rateHz: this.#ctx.sampleRate })
  }

  #fromMain(data: unknown): void {
    const m = parseMainMessage(data)
    if (!m || !this.#ctx) return
    if (m.type === 'playback') {
      const samples = ownBuffer(resampleLinear(m.samples, m.rateHz, this.#ctx.sampleRate))
      this.#toPlayer({ type: 'playback', itemId: m.itemId, samples }, [samples.buffer])
    } else if (m.type === 'flush') {
      this.#toPlayer({ type: 'flush', local: false })
    }
  }

  #toPlayer(message: ToPlayer, transfer: Transferable[] = []): void {
    this.#player?.port.postMessage(message, transfer)
  }

  #toMain(message: RendererToMain, transfer: Transferable[] = []): void {
    this.#link.send(message, transfer)
  }

  #onFrame(frame: CaptureFrame): void {
    if (!this.#ctx) return
    // A held track marks the frames it took; a link's clone of the microphone carries all it captures.
    const onTrack = frame.onTrack === true || this.#rtc.micOnTrack
    const { message, transfer } = captureMessage(this.#ctx.sampleRate, frame, onTrack)
    this.#toMain(message, transfer)
    const level = this.#levelFeed.push(frame.level)
    if (level !== null) this.level = level
  }

  /** Opens until the mic is open, is no longer wanted, or fails; a close or reopen meanwhile restarts it. */
  async #openMic(): Promise<void> {
    await this.start()
    while (this.#micWanted && !this.#mic && !this.#disposed && this.#ctx && this.#player) {
      const generation = ++this.#micGeneration
      this.#resume()
      const wanted = pickDevice(this.#settings.inputDeviceLabel, this.devices.inputs)
      let mic: MicInput
      try {
        mic = await this.#openInput(wanted?.id ?? null)
      } catch (err) {
        if (generation !== this.#micGeneration) continue
        this.#setMicError(micErrorKey(err))
        return
      }
      if (generation !== this.#micGeneration || !this.#micWanted || this.#disposed) {
        mic.close()
        continue
      }
      this.#mic = mic
      this.#rtc.setMicSource(mic.track, mic.held)
      this.micOpen = true
      this.inputLabel = mic.label ?? wanted?.label ?? null
      this.#setMicError(null)
      // The first grant reveals the devices' labels: the remembered input may be listed only now, and
      // then the loop goes round once more to open it.
      await this.#refreshDevices()
      const listed = pickDevice(this.#settings.inputDeviceLabel, this.devices.inputs)
      if (!wanted && listed && this.#mic === mic) this.#closeMicInput()
    }
  }

  /** The chosen device, or the default when it vanished between listing and opening. */
  async #openInput(deviceId: string | null): Promise<MicInput> {
    const ctx = this.#ctx as AudioContext
    const processing: Processing = this.#settings
    const handlers = { onFrame: (f: CaptureFrame) => this.#onFrame(f), onEnded: () => void this.#reopenMic() }
    try {
      return await openMicInput(ctx, deviceId, processing, handlers)
    } catch (err) {
      if (deviceId === null || micErrorKey(err) !== 'audio.error.noInput') throw err
      return openMicInput(ctx, null, processing, handlers)
    }
  }

  #closeMicInput(): void {
    this.#micGeneration++
    this.#mic?.close()
    this.#mic = null
    this.#rtc.setMicSource(null)
    this.micOpen = false
    this.level = 0
    this.#levelFeed.reset()
  }

  async #reopenMic(): Promise<void> {
    if (!this.#micWanted) return
    this.#closeMicInput()
    await this.openMic()
  }

  async #refreshDevices(): Promise<void> {
    if (!navigator.mediaDevices?.enumerateDevices) return
    try {
      this.devices = shapeDevices(await navigator.mediaDevices.enumerateDevices())
    } catch {
      // The old lists stay: a failed listing says nothing about which devices left.
    }
  }

  /** After the device lists changed: follow the chosen devices away and back. */
  async #followDevices(): Promise<void> {
    if (this.#disposed) return
    await this.#applyOutput()
    const wanted = pickDevice(this.#settings.inputDeviceLabel, this.devices.inputs)
    if (this.#mic) {
      if (deviceChanged(wanted, this.#mic.deviceId)) await this.#reopenMic()
    } else if (this.#micWanted && !this.#micOpening && this.error !== 'audio.error.denied') {
      // The mic failed for want of a device; one may have arrived.
      await this.openMic()
    } else if (!this.#micWanted) {
      this.inputLabel = wanted?.label ?? null
    }
  }

  async #applyOutput(): Promise<void> {
    const wanted = pickDevice(this.#settings.outputDeviceLabel, this.devices.outputs)
    const sinkId = wanted?.id ?? ''
    this.#rtc.setSink(sinkId)
    const ctx = this.#ctx
    if (!ctx) return
    if (sinkId !== this.#sinkId) {
      try {
        if (!ctx.setSinkId) throw new Error('setSinkId is not supported')
        await ctx.setSinkId(sinkId)
        this.#sinkId = sinkId
        this.#setError('audio.error.outputFailed', false)
      } catch {
        this.#setError('audio.error.outputFailed', true)
      }
    }
    this.outputLabel = this.#sinkId === '' ? null : (wanted?.label ?? null)
  }

  async #refreshRtcFigures(): Promise<void> {
    const figures = await this.#rtc.stats()
    if (!sameFigures(figures, this.#rtcFigures)) this.#rtcFigures = figures
  }

  #setMicError(key: AudioErrorKey | null): void {
    if (key) this.error = key
    else if (this.error && MIC_ERRORS.includes(this.error)) this.error = null
  }

  /** Sets `key` while its cause lasts, and clears it (only it) when the cause is gone. */
  #setError(key: AudioErrorKey, on: boolean): void {
    if (on) this.error = key
    else if (this.error === key) this.error = null
  }
}

/** A transferable array: one that owns its whole buffer (a view into a larger one is copied). */
function ownBuffer(samples: Float32Array): Float32Array<ArrayBuffer> {
  const whole = samples.byteOffset === 0 && samples.byteLength === samples.buffer.byteLength
  return whole && samples.buffer instanceof ArrayBuffer
    ? (samples as Float32Array<ArrayBuffer>)
    : new Float32Array(samples)
}

export function createVoiceAudio(): VoiceAudio {
  return new VoiceAudioController()
}
