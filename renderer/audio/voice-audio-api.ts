// What the rest of the renderer sees of voice audio: one controller per main window that opens the
// microphone and the player, streams capture frames to main over the audio port and plays what main
// sends, or holds the WebRTC links main asks for. Implemented by voice-audio.svelte.ts; the fields below
// are reactive ($state).
import type { AudioSettings, VoiceRtcCommand } from '../../preload/contract'
import type { RtcFigures } from './rtc-stats'

export interface AudioDevice {
  /** The browser's deviceId for this run; never stored (ids change between sessions). */
  id: string
  label: string
}

export interface AudioDeviceLists {
  inputs: AudioDevice[]
  outputs: AudioDevice[]
}

/** i18n keys (`audio.error.*`) for what can go wrong with audio. */
export type AudioErrorKey =
  | 'audio.error.denied'
  | 'audio.error.noInput'
  | 'audio.error.inputBusy'
  | 'audio.error.outputFailed'
  | 'audio.error.portFailed'
  | 'audio.error.unsupported'

export interface VoiceAudio {
  /** The microphone is open and frames flow to main. */
  readonly micOpen: boolean
  /** The microphone's level now, 0..1 (for the meter; dBFS mapped -60..0). */
  readonly level: number
  readonly devices: AudioDeviceLists
  /** The input and output actually in use: the remembered device when present, else the default. */
  readonly inputLabel: string | null
  readonly outputLabel: string | null
  readonly error: AudioErrorKey | null
  /** Opens the audio port and the player; safe to call more than once. */
  start(): Promise<void>
  /** Applies the audio settings: devices (by label) and processing; reopens the mic when needed. */
  configure(settings: AudioSettings): Promise<void>
  openMic(): Promise<void>
  closeMic(): void
  /** Local barge-in: silence within one render quantum, without waiting for main. */
  flushPlayback(): void
  /** The short start/stop cue; the caller checks the soundCues setting. */
  playCue(kind: 'start' | 'stop'): void
  /** Main's work for a WebRTC link: the links use this controller's microphone and output device. */
  handleRtc(command: VoiceRtcCommand): void
  /** The WebRTC links' figures from their own stats, refreshed while something reads them. */
  readonly rtc: RtcFigures
  /** The same figures, read now. */
  rtcStats(): Promise<RtcFigures>
  dispose(): void
}
